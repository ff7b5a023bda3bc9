import type { Exchange } from '../client/exchange.js';
import type { Finding } from './finding.js';
import type { CaseKind, CheckMeta, ExchangeCheck } from './define.js';
import type { RequirementId } from '../contract/requirements.js';
import { fixedRequirement, type CheckId } from './registry.js';
import { noServerError, statusMatches, validPayloadAccepted } from './status.js';
import { jsonMediaType } from './media-type.js';
import { problemShape, validationProblemShape } from './problem-shape.js';
import { statusMemberMatches, titleAndCodeMatch, typeNamesRfcSection } from './problem-members.js';
import { instanceIsRequestPath } from './problem-instance.js';
import { detailNamesInvalidFields } from './problem-detail.js';
import { everyInvalidFieldNamed, noValidFieldBlamed, validationKeyPrefix } from './validation-keys.js';
import { successBodyShape } from './success-body.js';

export * from './status.js';
export * from './media-type.js';
export * from './problem-shape.js';
export * from './problem-members.js';
export * from './problem-instance.js';
export * from './problem-detail.js';
export * from './token-cache.js';
export * from './validation-keys.js';
export * from './business.js';
export * from './token.js';
export * from './resources.js';
export * from './history.js';
export * from './history-filter.js';
export * from './history-default.js';
export * from './leak.js';
export * from './access.js';
export * from './token-use.js';
export * from './network-access.js';
export * from './refusal-grants.js';
export * from './session-pairing.js';
export * from './version-place.js';
export * from './business-outcomes.js';
export * from './fixture-answer.js';
export * from './success-body.js';
export * from './error-body.js';
export { defineCheck, defineInputCheck, type CaseKind, type CheckMeta, type DerivedRequirement, type ExchangeCheck, type Fail, type Guard } from './define.js';
export { onlyWhenStatus, onlyWithResponse } from './support.js';
export { answersFor, checkById, fixedRequirement, isCheck, registry, requirementsNamedBy, type CheckId, type RegisteredCheck } from './registry.js';

/** The checks run on every generated field-rule case (generators/expectation.ts). */
export const fieldRuleChecks = [
  noServerError, jsonMediaType, validPayloadAccepted, statusMatches, problemShape, validationProblemShape,
  typeNamesRfcSection, titleAndCodeMatch, statusMemberMatches, instanceIsRequestPath, detailNamesInvalidFields,
  validationKeyPrefix, everyInvalidFieldNamed, noValidFieldBlamed, successBodyShape,
] as const;

/**
 * The fixed requirements of the field-rule checks that judge `kind` cases, in registry order:
 * what a property of such cases can check beside the field rules (field-rules.ts lists them).
 */
export function fieldRuleRequirementsFor(kind: CaseKind): RequirementId[] {
  const checks: readonly CheckMeta[] = fieldRuleChecks;
  return [...new Set(checks.filter((c) => c.cases?.includes(kind)).flatMap((c) => fixedRequirement(c) ?? []))];
}

/**
 * Answers that say the target did not handle the request at all: 429 (RFC 6585 section 4;
 * interface.md shows no rate limits) and 503 (RFC 9110 section 15.6.4, temporary overload or
 * maintenance). The client retries them on every request (nothing was done); one that is
 * still there proves nothing about the contract. A 500 is not among them: it stays a finding.
 */
const notHandled: Readonly<Record<number, string>> = {
  429: 'RATE_LIMITED: the target answered 429 Too Many Requests',
  503: 'SERVICE_UNAVAILABLE: the target answered 503 Service Unavailable',
};

/**
 * Why an exchange cannot be judged, or undefined when it can: the caller reports "broken",
 * never "failed", and runs no check.
 */
export function transportBroken(exchange: Exchange): string | undefined {
  if (exchange.transportError) return `${exchange.transportError.code}: ${exchange.transportError.message}`;
  if (!exchange.response) return 'HARNESS_ERROR: the exchange holds neither a response nor a transport error';
  const refused = notHandled[exchange.response.status];
  if (refused === undefined) return undefined;
  const retryAfter = exchange.response.headers['retry-after'];
  const attempts = exchange.attempts.length > 1 ? `to all ${exchange.attempts.length} attempts` : 'to its one attempt (TARGET_RETRY_ATTEMPTS allowed no retry)';
  return `${refused} ${attempts}${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}`;
}

export interface CheckRun<Id extends string = CheckId> {
  readonly findings: Finding[];
  /** Ids of the checks that applied; the others are not-covered for this exchange. */
  readonly ran: Id[];
}

/** Runs every applicable check of `list`; a broken exchange runs none. */
export function runChecks<E, Id extends string>(list: ReadonlyArray<ExchangeCheck<E, Id>>, exchange: Exchange, expectation: E): CheckRun<Id> {
  const findings: Finding[] = [];
  const ran: Id[] = [];
  if (transportBroken(exchange) !== undefined) return { findings, ran };
  for (const c of list) {
    if (!c.applies(exchange, expectation)) continue;
    ran.push(c.id);
    findings.push(...c(exchange, expectation));
  }
  return { findings, ran };
}
