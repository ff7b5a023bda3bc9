import type { Exchange } from '../client/exchange.js';
import type { RequirementId } from '../contract/requirements.js';
import type { Expectation } from '../generators/expectation.js';
import type { Finding, FindingCheckId } from './finding.js';
import { finding, hasResponse, type FindingParts, type Guard, type Responded } from './support.js';

/**
 * A check is one value: its id, the requirement it answers for, what it takes and reads, a line
 * for the docs, its applicability and its rule, side by side in the check's file. The registry
 * (checks/registry.ts) collects these values; nothing else spells a check id.
 */

/** Where the case decides the requirement: the rule that derives it, and the ids it can name. */
export interface DerivedRequirement<E> {
  /** For the docs, e.g. "the case's requirement". */
  readonly from: string;
  /** Every id the rule can name (the docs list the check under each). */
  readonly among: readonly RequirementId[];
  /** The requirements the check answers for on this case, where the case alone tells them. */
  readonly of?: (expectation: E) => readonly RequirementId[];
}

export type CaseKind = Expectation['kind'];

export type RequirementRule<E> = RequirementId | DerivedRequirement<E>;

/** Builds the check's finding for `operation`: the check id is filled in, and the requirement where it is fixed. */
export type Fail = (operation: string, parts: FindingParts, exchange?: Exchange) => Finding;
/** A fixed requirement gives `Fail`; a derived one asks for the requirement first. */
export type FailFor<R> = R extends RequirementId ? Fail : (requirement: RequirementId) => Fail;

interface Meta<Id extends string, E, R extends RequirementRule<E>> {
  readonly id: Id;
  readonly requirement: R;
  /** The expectation type it reads, by name, for the docs. */
  readonly expectation: string;
  readonly description: string;
  /** Field-rule checks: the kinds of generated case whose documented answer they judge (none: any exchange). */
  readonly cases?: ReadonlyArray<CaseKind>;
}

/** The catalogue's view of any check: what the docs and report print. */
export interface CheckMeta<Id extends string = string> extends Meta<Id, never, RequirementRule<never>> {
  /** `exchange`: `(exchange, expectation) => Finding[]`; `history`: takes transactions of several pages; `probe`: a transport probe's outcome. */
  readonly takes: 'exchange' | 'history' | 'probe';
}

export type { Guard } from './support.js';

/** A check on one exchange: callable as `(exchange, expectation) => Finding[]` (empty when it does not apply). */
export interface ExchangeCheck<E, Id extends string = string> extends CheckMeta<Id> {
  (exchange: Exchange, expectation: E): Finding[];
  readonly takes: 'exchange';
  applies(exchange: Exchange, expectation: E): boolean;
}

/** A check on what a suite collected (pages of history) or what a probe saw below HTTP. */
export type InputCheck<F extends (...args: never[]) => unknown, Id extends string = string> = F & CheckMeta<Id> & { readonly takes: 'history' | 'probe' };

function failFor(id: string, requirement: RequirementRule<unknown>): FailFor<RequirementRule<unknown>> {
  // The id being defined: a CheckId once its module is registered (registry.ts derives the type from these values).
  const bound = (req: RequirementId): Fail => (operation, parts, exchange) => finding(id as FindingCheckId, req, operation, parts, exchange);
  return (typeof requirement === 'string' ? bound(requirement) : bound) as FailFor<RequirementRule<unknown>>;
}

function named<T extends object>(fn: T, id: string): T {
  Object.defineProperty(fn, 'name', { value: id });
  return fn;
}

/**
 * An exchange check. `rule` is the rule alone; `when` holds its applicability
 * (`onlyWhenStatus(400)`...), written after `rule` so that inline guards take the expectation
 * type from `rule`'s parameter. A response is always required: transport trouble never becomes
 * a finding.
 */
export function defineCheck<const Id extends string, E, const R extends RequirementRule<never>>(spec: Meta<Id, never, R> & {
  readonly when?: ReadonlyArray<Guard<E>>;
  readonly rule: (exchange: Responded, expectation: E, fail: FailFor<R>) => Finding[];
}): ExchangeCheck<E, Id> {
  const { rule, when = [], ...meta } = spec;
  const fail = failFor(meta.id, meta.requirement as RequirementRule<unknown>) as FailFor<R>;
  const applies = (exchange: Exchange, expectation: E): boolean =>
    hasResponse(exchange) && when.every((g) => g(exchange, expectation));
  const run = (exchange: Exchange, expectation: E): Finding[] =>
    applies(exchange, expectation) ? rule(exchange as Responded, expectation, fail) : [];
  return Object.assign(named(run, meta.id), { ...meta, takes: 'exchange' as const, applies });
}

/**
 * A check of collected history pages or of a probe's outcome. `rule` receives the bound `fail`
 * and returns the function callers use, e.g. `(fail) => (transactions) => Finding[]`.
 */
export function defineInputCheck<const Id extends string, F extends (...args: never[]) => unknown, const R extends RequirementRule<never>>(spec: Meta<Id, never, R> & {
  readonly takes: 'history' | 'probe';
  readonly rule: (fail: FailFor<R>) => F;
}): InputCheck<F, Id> {
  const { rule, ...meta } = spec;
  return Object.assign(named(rule(failFor(meta.id, meta.requirement as RequirementRule<unknown>) as FailFor<R>), meta.id), meta);
}
