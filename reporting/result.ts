import type { Finding } from '../checks/finding.js';
import type { RequirementId } from '../contract/requirements.js';

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

/**
 * A finding as a record holds it: text ids, since records are read back from disk (merge-reports,
 * baselines) and a client certificate names requirements of its own.
 */
export type RecordedFinding = Omit<Finding, 'check' | 'requirement'> & { readonly check: string; readonly requirement: string };

export interface ResultRecord {
  readonly requirement: string;
  readonly status: ResultStatus;
  readonly suite: string;
  readonly property: string;
  readonly operation?: string;
  readonly check?: string;
  readonly findings?: readonly RecordedFinding[];
  /** Why broken, not covered or skipped; or, for 'observed', what the target showed (ambiguous points). */
  readonly reason?: string;
  readonly reproduction?: Reproduction;
  /** Documented responses seen (for certification coverage): `${operation} ${status} ${errorCode|'success'}`. */
  readonly responsesSeen?: readonly string[];
  /** Operator x cell pairs of the catalogue (contract/operators/) the property's cases sent; on its first record. */
  readonly operatorPairs?: ReadonlyArray<{ readonly operator: string; readonly cell: string }>;
}

/** A record the suites build: its requirement and its findings' ids are typed, so a misspelt one does not compile. */
export type SuiteRecord = ResultRecord & { readonly requirement: RequirementId; readonly findings?: readonly Finding[] };
