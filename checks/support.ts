import type { Exchange, ExchangeResponse } from '../client/exchange.js';
import { requirement as requirementOf } from '../contract/requirements.js';
import type { Severity } from '../contract/types.js';
import type { Finding } from './finding.js';

/** An exchange that got an HTTP response and met no transport trouble. */
export type Responded = Exchange & { readonly response: ExchangeResponse };

/** The rule alone: runs only where every guard of its check holds. */
export type Rule<E> = (exchange: Responded, expectation: E) => Finding[];
export type Guard<E> = (exchange: Responded, expectation: E) => boolean;

/** A check: callable as `(exchange, expectation) => Finding[]` (empty when it does not apply). */
export interface ExchangeCheck<E> {
  (exchange: Exchange, expectation: E): Finding[];
  readonly id: string;
  applies(exchange: Exchange, expectation: E): boolean;
}

export const hasResponse = (exchange: Exchange): exchange is Responded =>
  exchange.response !== undefined && exchange.transportError === undefined;

/**
 * Wraps a named rule with its applicability. The rule's function name is the check id;
 * `onlyWithResponse` is always implied, so transport trouble never becomes a finding.
 */
export function check<E>(rule: Rule<E>, ...guards: Guard<E>[]): ExchangeCheck<E> {
  const applies = (exchange: Exchange, expectation: E): boolean =>
    hasResponse(exchange) && guards.every((g) => g(exchange, expectation));
  const run = (exchange: Exchange, expectation: E): Finding[] =>
    applies(exchange, expectation) ? rule(exchange as Responded, expectation) : [];
  Object.defineProperty(run, 'name', { value: rule.name });
  return Object.assign(run, { id: rule.name, applies });
}

/** Applies when the exchange has a response (implied by `check`; spelled out for readability). */
export const onlyWithResponse: Guard<unknown> = () => true;

/** Applies when the HTTP status is one of these numbers or satisfies the predicate. */
export function onlyWhenStatus(...wanted: Array<number | ((status: number) => boolean)>): Guard<unknown> {
  return (exchange) => wanted.some((w) => (typeof w === 'number' ? w === exchange.response.status : w(exchange.response.status)));
}

export const is2xx = (s: number): boolean => s >= 200 && s < 300;
export const is4xx = (s: number): boolean => s >= 400 && s < 500;

/** Gravest first: the severity a test checking several requirements is labelled with. */
const severityOrder: readonly Severity[] = ['documented', 'standard', 'unspecified', 'ambiguous'];

/** The requirement's severity from contract/ (unknown ids count as documented); of several, the gravest. */
export function severityOf(ids: string | readonly string[]): Severity {
  const found = (typeof ids === 'string' ? [ids] : ids).map((id) => {
    try {
      return requirementOf(id).severity;
    } catch {
      return 'documented' as const;
    }
  });
  return severityOrder.find((s) => found.includes(s)) ?? 'documented';
}

/** Prints a received value briefly: strings quoted, long values cut. */
export function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export interface FindingParts {
  readonly title: string;
  readonly received: string;
  readonly documented: string;
  readonly evidence?: Record<string, unknown>;
  /** Key facts that tell this bug from others of the same check and operation. */
  readonly key?: ReadonlyArray<string | number>;
}

/** Builds a Finding in "Received ...; documented ..." form, deduplicated by check + operation + key facts. */
export function finding(checkId: string, requirementId: string, operation: string, parts: FindingParts, exchange?: Exchange): Finding {
  const exchangeEvidence = exchange
    ? { status: exchange.response?.status, correlationId: exchange.request.correlationId, method: exchange.request.method, url: exchange.request.url }
    : {};
  return {
    check: checkId,
    requirement: requirementId,
    severity: severityOf(requirementId),
    title: parts.title,
    message: `Received ${parts.received}; documented ${parts.documented}`,
    evidence: { ...exchangeEvidence, ...parts.evidence },
    dedupKey: [checkId, operation, ...(parts.key ?? [])].join('|'),
  };
}

/** The response body as a plain JSON object, or undefined. */
export function bodyObject(exchange: Responded): Record<string, unknown> | undefined {
  const json = exchange.response.json;
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

export const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
