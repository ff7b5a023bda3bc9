/**
 * The operator catalogue's shape (issue 27). An operator is one published fuzzing move (a CATS
 * fuzzer, a RESTler checker, an OWASP API Top 10 item, a Schemathesis check) written as data:
 * the cells of the contract it applies to, and the most the decision register lets it assert
 * there. How it builds its request lives beside the generators (generators/operators/), keyed
 * by the operator's id; the coverage table (operator x cell, sent or left out and why) is
 * derived from this data, never counted by hand.
 */
import type { Cell } from './cells.js';

/** The families of issue 27, one file of operators each under contract/operators/. */
export type OperatorFamily =
  | 'value-near-miss' // a lenient parser would repair it: padding, full-width digits, date-time for a date...
  | 'value-robustness' // null, emoji, very long text, boundary numbers
  | 'body-media-type' // unknown or duplicated members, byte order mark, charset parameter
  | 'list-size' // more attribute items than the allowed names
  | 'headers-source' // allow list on every operation, forwarding headers
  | 'token-forgery' // a bearer token that must not verify
  | 'object-ownership' // another customer's resource named through this customer (RESTler NamespaceRule, OWASP API1)
  | 'use-after-delete' // a removed resource used again, a delete repeated (RESTler UseAfterFree)
  | 'concurrency' // two identical writes at the same time (D44)
  | 'filter-exactness' // a filter value that is close to, but not, the customer's own card
  | 'json-type' // another JSON type in a member, an item or the whole body
  | 'unknown-resource' // a well-formed id that names nothing on the target (RESTler InvalidDynamicObject)
  | 'update-path'; // field rules broken in a request that updates a registered card or names a record that exists

export interface Counterpart {
  readonly tool: 'CATS' | 'RESTler' | 'OWASP API Security Top 10' | 'Schemathesis';
  /** The fuzzer, checker, item or check name as the tool prints it (`LeadingWhitespacesInFieldsTrimValidateFuzzer`). */
  readonly name: string;
}

/**
 * The most an operator may demand of a target in one cell, per the register:
 * - `rejected`: the value breaks a documented rule: 400 naming the field (or the documented refusal);
 * - `served-as-valid`: the request is valid in substance and must be served as the valid one is (D43 charset);
 * - `open`: the register leaves it open: never 5xx, a 4xx carries a JSON error body; what the target chose is observed;
 * - `refused-like-unknown`: another customer's or a removed resource, answered as an unknown one (D30, D45);
 * - `serial-outcome`: concurrent writes end as some serial order of them would (D44);
 * - `refused-off-list`: from an address off the allow list, refused however the request is dressed (D25, D46);
 * - `refused`: refused with a 4xx and a JSON error body, where it is reported being unspecified (D19, D20).
 */
export type OperatorAssertion = 'rejected' | 'served-as-valid' | 'open' | 'refused-like-unknown' | 'serial-outcome' | 'refused-off-list' | 'refused';

export interface Operator {
  /** kebab-case; the name in the catalogue, the coverage table and every report row that cites it. */
  readonly id: string;
  readonly family: OperatorFamily;
  readonly counterparts: readonly Counterpart[];
  /** What the operator sends, in one line (`the value with a leading space`). */
  readonly sends: string;
  /** The cells this operator applies to; decided from the cell's data alone. */
  readonly appliesTo: (cell: Cell) => boolean;
  /** What the register lets it assert in `cell` (a cell the operator applies to). */
  readonly asserts: (cell: Cell) => OperatorAssertion;
  /** The D-rows (and documented words) that back the assertion. */
  readonly backing: readonly string[];
  /** A profile variable without which the operator cannot be sent (an address off the list, D25). */
  readonly needs?: string;
  /**
   * Each cell in a request of its own: a target that stops at the first cell it refuses (an id it
   * cannot find) would otherwise never read the others, and a fault behind them would go unseen.
   */
  readonly oneCellPerRequest?: boolean;
  /**
   * What the rest of the request names: `registered-card`, a card the customer already holds (its
   * number or token), so the operator's values take an add-or-update's update path; `existing-records`,
   * that card, and in a lookup by SSN and date of birth the customer's own (a record the value could be read as).
   */
  readonly sentOn?: 'registered-card' | 'existing-records';
}

/** One operator in one cell: the unit of coverage. */
export interface OperatorPair {
  readonly operator: string;
  readonly cell: string;
}
