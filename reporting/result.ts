import type { Finding } from '../checks/finding.js';

/**
 * The outcome of one check on one requirement in one property or step. The run's
 * verdict is computed from these records only: a requirement with no record is
 * "not covered", never "passed".
 */
export type ResultStatus = 'passed' | 'failed' | 'broken' | 'not-covered' | 'skipped-by-profile' | 'observed';

export interface Reproduction {
  readonly seed?: number;
  readonly path?: string;
  /** The command that replays this case, e.g. `CONFORMANCE_SEED=1 CONFORMANCE_PATH=3:0 npm run conformance -- suites/find-customer`. */
  readonly replay?: string;
  /** curl command, secrets and personal data masked. */
  readonly curl?: string;
  /** Redacted request and response, or numbered steps of a stateful sequence. */
  readonly steps?: readonly string[];
  readonly counterexample?: string;
}

export interface ResultRecord {
  readonly requirement: string;
  readonly status: ResultStatus;
  readonly suite: string;
  readonly property: string;
  readonly operation?: string;
  readonly check?: string;
  readonly findings?: readonly Finding[];
  /** Why broken, not covered or skipped; or, for 'observed', what the target showed (ambiguous points). */
  readonly reason?: string;
  readonly reproduction?: Reproduction;
  /** Documented responses seen (for certification coverage): `${operation} ${status} ${errorCode|'success'}`. */
  readonly responsesSeen?: readonly string[];
}
