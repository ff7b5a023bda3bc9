import type { Exchange } from '../client/exchange.js';
import type { Finding } from '../checks/finding.js';
import type { RequirementId } from '../contract/requirements.js';
import type { OperatorPair } from '../contract/operators/types.js';

/**
 * What a case shows, as the judge hands it to the runner: the oracles (the judge, the model's
 * predictions) and the runners (suites/lib/runner/) both speak it, so it lives below both.
 */

/** What one generated case showed: the checks that ran on it, and what they found. */
export interface CaseOutcome {
  readonly exchanges: readonly Exchange[];
  readonly findings: readonly Finding[];
  /** Requirement ids this case checked (passed unless a finding names them). */
  readonly checked: readonly RequirementId[];
  /** Requirement ids that fail with the case when it has findings (e.g. the field rule behind a wrong status). */
  readonly failsWith?: readonly RequirementId[];
  /** Transport trouble: the case proves nothing. */
  readonly broken?: string;
  /** With `broken`: the rows the case answers for, which read broken if its re-runs break too (rerun.ts). */
  readonly rows?: readonly RequirementId[];
  /** The requirement a refusal for the target's own reasons (D37) was observed under, set by the judge. */
  readonly refused?: RequirementId;
  /** Documented responses seen, `${operation} ${status} ${errorCode|'success'}`. */
  readonly responsesSeen?: readonly string[];
  /** What the target showed on an ambiguous point: requirement → behaviour. */
  readonly observed?: Readonly<Partial<Record<RequirementId, string>>>;
  /** Operator x cell pairs this case sent (issue 27): what the coverage table counts. */
  readonly operatorPairs?: readonly OperatorPair[];
}

/** What the target showed on ambiguous points: requirement → behaviour. */
export type Observed = Readonly<Partial<Record<RequirementId, string>>>;

/** The notes of `observed`; its keys are requirement ids by its type. */
export const observedEntries = (observed: Observed): Array<[RequirementId, string]> =>
  Object.entries(observed).filter((e): e is [RequirementId, string] => e[1] !== undefined);

/** What a re-run tells the case: which one it is, and whether the reply to a write of an earlier run was lost. */
export interface Rerun {
  /** 1 for the first re-run. */
  readonly attempt: number;
  /** A write's reply was lost before: a business refusal now (the identity exists) may be its doing. */
  readonly afterLostWrite: boolean;
}
