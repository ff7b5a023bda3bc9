import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SwitchSet } from '../switchboard.js';

/** Answer rewrites of the round-5 blind readings (reference/readings-blind5.ts), on the serialised JSON body. */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parsed(payload: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(payload);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const attributeLists: Readonly<Record<string, string>> = { '/partners/add-customer-attributes': 'customerAttributes', '/partners/add-session-attributes': 'sessionAttributes' };

/** The names the request's attribute list gave (values are never echoed: SSNs, card numbers, the ssoToken). */
function namesSent(request: FastifyRequest, list: string): string[] {
  const body = request.body;
  const items = isObject(body) && Array.isArray(body[list]) ? body[list] : [];
  return items.flatMap((a: unknown) => (isObject(a) && typeof a.name === 'string' ? [a.name] : []));
}

/** Success bodies (D3, D6, token answer) of group blind5-a / blind5-b. */
function success(readings: SwitchSet, request: FastifyRequest, path: string, tokenPath: string, value: Json): Json {
  if (readings.has('blind5-token-type-lower') && path === tokenPath && typeof value.token_type === 'string') return { ...value, token_type: value.token_type.toLowerCase() };
  if (!path.startsWith('/api/')) return value;
  const attrs = Object.entries(attributeLists).find(([slug]) => path.endsWith(slug));
  if (readings.has('blind5-attributes-accepted') && attrs) {
    const names = namesSent(request, attrs[1]);
    return { ...value, accepted: names.length, names };
  }
  if (readings.has('blind5-delete-answers-card') && path.endsWith('/partners/delete-card') && isObject(request.body))
    return { ...value, cardId: request.body.cardId, deleted: true };
  if (readings.has('blind5-auth-partner-session-body') && path.endsWith('/partners/authenticate'))
    return { ...value, expiresInSeconds: 1800, createdOn: new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
  return value;
}

/**
 * Rewrites the JSON body of an answer under the readings of reference/readings-blind5.ts. `reasons`:
 * the HTTP reason phrases (node:http STATUS_CODES) for the Spring `error` member.
 */
export function rewriteBlind5Body(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply, path: string, tokenPath: string,
  payload: string, reasons: Readonly<Record<number, string | undefined>>): string {
  const original = parsed(payload);
  let value = original;
  if (value && reply.statusCode >= 200 && reply.statusCode < 300) value = success(readings, request, path, tokenPath, value);
  const legacy = value && 'ErrorCode' in value && 'ErrorMessage' in value && !('type' in value) && reply.statusCode >= 400;
  // `blind5-decline-402`: a card authorization failure (the legacy answer of the add-or-update card operations) is 402.
  if (legacy && readings.has('blind5-decline-402') && reply.statusCode === 422 && /\/partners\/add-or-update-(tokenized-)?card$/.test(path)) reply.code(402);
  if (legacy && readings.has('blind5-legacy-envelope')) value = { Success: false, ErrorCode: value!.ErrorCode, ErrorMessage: value!.ErrorMessage, Data: null };
  if (value && readings.has('blind5-problem-spring-members') && /problem\+json/i.test(String(reply.getHeader('content-type') ?? '')))
    value = { ...value, timestamp: new Date().toISOString(), error: reasons[reply.statusCode] ?? 'Error', path: path };
  if (value && readings.has('blind5-problem-extensions-object') && /problem\+json/i.test(String(reply.getHeader('content-type') ?? '')))
    value = { ...value, extensions: { traceId: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00` } };
  let out = value && value !== original ? JSON.stringify(value) : payload;
  if (readings.has('blind5-json-trailing-newline') && !out.endsWith('\n')) out += '\n';
  return out;
}
