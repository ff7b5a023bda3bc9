import type { Severity } from '../contract/types.js';
import type { RequirementId } from '../contract/requirements.js';

/**
 * Oracles that are no registered check, because they read what only a suite holds (the model's
 * state, a scenario's cards): a suite room declares each id here by module augmentation
 * (oracles/oracle-ids.ts), so checks/ names none of them and a misspelt one does not compile.
 */
export interface SuiteOracles {}

/**
 * The ids of the registered checks: checks/registry.ts declares them here by module augmentation
 * (its `CheckId`), so this file imports nothing of the checks that import it (no import circle).
 */
export interface RegisteredCheckIds {}

/** Who found it: a registered check, or a suite's own oracle. */
export type FindingCheckId = keyof RegisteredCheckIds | keyof SuiteOracles;

/**
 * A failure is data: a short fixed title, a Received/Documented message, typed evidence,
 * the requirement id, and a key that deduplicates the same bug found by many cases.
 */
export interface Finding {
  /** The check's id (its function name), e.g. `statusMatches`. */
  readonly check: FindingCheckId;
  readonly requirement: RequirementId;
  readonly severity: Severity;
  readonly title: string;
  /** "Received ...; documented ..." */
  readonly message: string;
  readonly evidence?: Readonly<Record<string, unknown>>;
  readonly dedupKey: string;
}

/** One oracle: the rule alone; applicability lives in wrappers. */
export type Check<E> = ((exchange: import('../client/exchange.js').Exchange, expectation: E) => Finding[]) & { readonly id?: string };
