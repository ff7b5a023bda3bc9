import type { Exchange } from '../client/index.js';
import type { ExchangeCheck } from '../checks/index.js';
import type { Finding, FindingCheckId } from '../checks/finding.js';
import type { RequirementId } from '../contract/requirements.js';

/**
 * An oracle: one check bound to its expectation. Its own file, below the judge and the oracle
 * sets the judge adds (answer-row.ts, answer-resource.ts, history-page.ts), so none of them
 * imports the judge back.
 */

/** One check bound to its expectation, and the requirements it answers for on an exchange. */
export interface Oracle {
  readonly id: FindingCheckId;
  /** Checked whenever the oracle applies (its findings name their own requirement). */
  readonly requirements: readonly RequirementId[];
  /** Fail together with its findings (the scenario behind a wrong status). */
  readonly failsWith?: readonly RequirementId[];
  /** Judges what an acceptance would show: withheld on a refusal for the target's own reasons (D37). */
  readonly judgesAcceptance?: boolean;
  /** Looks into any answer (for a leak) without judging what it answers: alone, it adds no row (answer-row.ts). */
  readonly scan?: boolean;
  /**
   * false: a check that elsewhere leaves the answer's row open (answer-row.ts rowOpenChecks) run here as one
   * check among the answer's (a bearer 401's JSON body, D2): the register asks more of this answer, so the
   * row its status and code name is judged beside it.
   */
  readonly leavesRowOpen?: false;
  applies(x: Exchange): boolean;
  run(x: Exchange): readonly Finding[];
}

/** `c` under `expectation`; the first requirement is the one its findings name, the others fail with them. */
export function oracle<E>(c: ExchangeCheck<E, FindingCheckId>, expectation: E, ...requirements: RequirementId[]): Oracle {
  return { id: c.id, requirements, failsWith: requirements.slice(1), applies: (x) => c.applies(x, expectation), run: (x) => c(x, expectation) };
}
