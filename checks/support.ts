import type { Exchange, ExchangeResponse } from '../client/exchange.js';
import { isRequirementId, requirement as requirementOf, type RequirementId } from '../contract/requirements.js';
import type { Severity } from '../contract/types.js';
import type { Finding, FindingCheckId } from './finding.js';

/** An exchange that got an HTTP response and met no transport trouble. */
export type Responded = Exchange & { readonly response: ExchangeResponse };

export const hasResponse = (exchange: Exchange): exchange is Responded =>
  exchange.response !== undefined && exchange.transportError === undefined;

/** When a check applies to an exchange (defineCheck's `when`); here, beside `Responded`, so define.ts and this file do not import each other. */
export type Guard<E> = (exchange: Responded, expectation: E) => boolean;

/** Applies when the exchange has a response (implied by `defineCheck`; spelled out for readability). */
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
  const found = (typeof ids === 'string' ? [ids] : ids).map((id) => (isRequirementId(id) ? requirementOf(id).severity : 'documented'));
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

/**
 * Builds a Finding in "Received ...; documented ..." form, deduplicated by check + operation + key facts.
 * Checks get it bound to their id and requirement (defineCheck's `fail`); a suite's own oracle names itself.
 */
export function finding(checkId: FindingCheckId, requirementId: RequirementId, operation: string, parts: FindingParts, exchange?: Exchange): Finding {
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

/** `s` matched literally inside a RegExp. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
