import type { Severity } from '../contract/types.js';

/**
 * A failure is data: a short fixed title, a Received/Documented message, typed evidence,
 * the requirement id, and a key that deduplicates the same bug found by many cases.
 */
export interface Finding {
  /** The check's id (its function name), e.g. `statusMatches`. */
  readonly check: string;
  readonly requirement: string;
  readonly severity: Severity;
  readonly title: string;
  /** "Received ...; documented ..." */
  readonly message: string;
  readonly evidence?: Readonly<Record<string, unknown>>;
  readonly dedupKey: string;
}

/** One oracle: the rule alone; applicability lives in wrappers. */
export type Check<E> = ((exchange: import('../client/exchange.js').Exchange, expectation: E) => Finding[]) & { readonly id?: string };
