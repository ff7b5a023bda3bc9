import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rfcSections, transactionFields } from '../../contract/index.js';
import type { SwitchSet } from '../switchboard.js';
import { writeJson } from './json.js';

/** Body rewrites of the round-3 blind readings (reference/readings-blind3.ts), applied to a JSON answer as sent. */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reading `blind3-validation-entry-members`: the FluentValidation rule that produced each reference message. */
function ruleCode(message: string): string {
  if (/required\.?$/i.test(message)) return 'NotEmptyValidator';
  if (/cannot exceed|or fewer/i.test(message)) return 'MaximumLengthValidator';
  if (/at least/i.test(message)) return 'MinimumLengthValidator';
  if (/between/i.test(message)) return 'InclusiveBetweenValidator';
  if (/not valid|format/i.test(message)) return 'RegularExpressionValidator';
  return 'PredicateValidator';
}

const timestampFields = transactionFields.filter((f) => f.type === 'timestamp').map((f) => f.name);

/** Reading `blind3-timestamps-trimmed-fraction`: `.250Z` → `.25Z`, `.000Z` → `Z`. */
const trimmed = (iso: string): string => iso.replace(/\.(\d*?)0+Z$/, (_m, digits: string) => (digits ? `.${digits}Z` : 'Z'));

const typeOfStatus: Readonly<Record<number, string>> = {
  400: rfcSections.badRequest.url, 401: rfcSections.unauthorized.url, 403: rfcSections.forbidden.url,
  404: rfcSections.notFound.url, 409: 'https://tools.ietf.org/html/rfc7231#section-6.5.8', 422: rfcSections.unprocessable.url,
};

/** The operations whose refusals D15/D16 allow in the legacy shape (card authorization, duplicates). */
const legacyPaths = /\/(enroll-customer|add-or-update-card|add-or-update-tokenized-card)$/;

/** True when the body rewrite has something to do for this answer. */
export function anyBodyReading(readings: SwitchSet): boolean {
  return ['blind3-token-keycloak-members', 'blind3-token-scope-reordered', 'blind3-validation-entry-members', 'blind3-validation-sorted',
    'blind3-members-sorted', 'blind3-json-escaped', 'blind3-json-indented', 'blind3-legacy-in-problem', 'blind3-timestamps-trimmed-fraction'].some((n) => readings.has(n));
}

/**
 * The JSON answer `text` rewritten as the readings say; `text` itself when it is not a JSON object
 * or nothing applies. May set the reply's media type (blind3-legacy-in-problem).
 */
export function rewriteBody(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply, path: string, tokenPath: string, text: string): string {
  let body: unknown;
  try { body = JSON.parse(text); } catch { return text; }
  if (!isObject(body)) return text;
  let out: Json = body;
  if (path === tokenPath && typeof out.access_token === 'string') {
    if (readings.has('blind3-token-keycloak-members')) out = { ...out, refresh_expires_in: 0, 'not-before-policy': 0 };
    if (readings.has('blind3-token-scope-reordered') && typeof out.scope === 'string') out = { ...out, scope: out.scope.split(' ').reverse().join(' ') };
  }
  if (Array.isArray(out.validationErrors)) {
    let list = out.validationErrors.filter(isObject);
    if (readings.has('blind3-validation-sorted')) list = [...list].sort((a, b) => (String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0));
    if (readings.has('blind3-validation-entry-members')) list = list.map((e) => ({ ...e, code: ruleCode(String(e.message)), severity: 'Error' }));
    out = { ...out, validationErrors: list };
  }
  if (readings.has('blind3-timestamps-trimmed-fraction') && Array.isArray(out.searchResults))
    out = { ...out, searchResults: out.searchResults.map((t) => (isObject(t) ? { ...t, ...Object.fromEntries(timestampFields.filter((f) => typeof t[f] === 'string').map((f) => [f, trimmed(String(t[f]))])) } : t)) };
  const keys = Object.keys(out);
  const legacy = keys.length === 2 && 'ErrorCode' in out && 'ErrorMessage' in out && reply.statusCode >= 400 && legacyPaths.test(path);
  if (readings.has('blind3-legacy-in-problem') && legacy) {
    const status = reply.statusCode;
    out = {
      type: typeOfStatus[status] ?? 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail: String(out.ErrorMessage),
      instance: request.originalUrl.split('?')[0], errorCode: String(out.ErrorCode), ErrorCode: out.ErrorCode, ErrorMessage: out.ErrorMessage,
    };
    reply.type('application/problem+json');
  }
  return writeJson(out, { sort: readings.has('blind3-members-sorted'), indent: readings.has('blind3-json-indented'), escape: readings.has('blind3-json-escaped') });
}
