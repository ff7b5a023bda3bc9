import { STATUS_CODES } from 'node:http';
import {
  errorRow, fieldKey, problemMediaType, responseMembers, rfcSections, successMediaType, type Operation,
} from '../contract/index.js';
import type { PlannedAnswer } from '../reference/interception.js';
import type { Plan } from './plan.js';
import type { ScenarioResponse } from './responses.js';

/**
 * The answer the sandbox sends for a planned response, in the shapes the Errors part documents
 * (Problem, validation problem, the D15/D16 legacy body). The 401s say in words and in the
 * WWW-Authenticate challenge whether the token or the session was refused, as the reference does,
 * so a client can tell which of the two to renew.
 */
const problem = (path: string, status: number, errorCode: string, title: string, detail: string, typeUrl?: string, headers: Record<string, string> = {}): PlannedAnswer => ({
  // D27: a 401 carries a challenge.
  kind: 'reply', status, headers: { 'content-type': problemMediaType, ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}), ...headers },
  body: { type: typeUrl ?? 'about:blank', title, status, detail, instance: path, errorCode },
});

function validation(op: Operation, path: string): PlannedAnswer {
  const row = errorRow('VALIDATION');
  const field = op.fields[0];
  const key = field ? fieldKey(op, field) : 'command';
  return {
    kind: 'reply', status: row.status, headers: { 'content-type': problemMediaType },
    body: {
      errors: {}, type: row.typeRfc?.url, title: row.title, status: row.status, instance: path,
      detail: 'One or more validation errors occurred. (certification sandbox)',
      validationErrors: [{ key, message: `The ${field?.name ?? 'request'} field is not valid.` }],
    },
  };
}

const legacy = (status: number, code: string): PlannedAnswer => ({
  kind: 'reply', status, headers: { 'content-type': successMediaType },
  body: { [responseMembers.legacyErrorCode]: code, [responseMembers.legacyErrorMessage]: `The request was refused (${code}).` },
});

function documented(op: Operation, path: string, response: ScenarioResponse): PlannedAnswer {
  if (response.code === 'VALIDATION') return validation(op, path);
  const row = (() => { try { return errorRow(response.code); } catch { return undefined; } })();
  if (!row) return legacy(response.status as number, response.code);
  return problem(path, row.status, row.errorCode ?? row.key, row.title, `${row.condition} (certification sandbox).`, row.typeRfc?.url);
}

/** The planned answer of `response` to a call of `op` at `path`. */
export function plannedAnswer(op: Operation, path: string, response: ScenarioResponse, plan: Plan): PlannedAnswer {
  const unauthorized = errorRow('UNAUTHORIZED');
  const retryAfter = { 'retry-after': String(plan.retryAfterSeconds) };
  switch (response.class) {
    case 'token-expired':
      return problem(path, 401, unauthorized.errorCode!, unauthorized.title, 'the access token is invalid or expired',
        rfcSections.unauthorized.url, { 'www-authenticate': 'Bearer error="invalid_token", error_description="the access token expired"' });
    case 'session-lost':
      return problem(path, 401, unauthorized.errorCode!, unauthorized.title, 'The sessionId does not name a session of this client.',
        rfcSections.unauthorized.url, { 'www-authenticate': 'Bearer' });
    case 'unavailable':
      return problem(path, 503, 'SERVICE_UNAVAILABLE', STATUS_CODES[503]!, 'The service is briefly unavailable; retry after the time given.', undefined, retryAfter);
    case 'rate-limited':
      return problem(path, 429, 'TOO_MANY_REQUESTS', STATUS_CODES[429]!, 'Too many requests; retry after the time given.', undefined, retryAfter);
    case 'reset':
      return { kind: 'reset' };
    case 'slow':
      return { kind: 'delay', ms: plan.slowMs };
    default:
      return documented(op, path, response);
  }
}
