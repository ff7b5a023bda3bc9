import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rfcSections } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import { rememberEnrolledBy } from './memo.js';
import { payloadObject } from '../reply-payload.js';

/**
 * The blind11 faults that rewrite an answer on its way out (an onSend hook of the faulty service):
 * a member mistyped, renamed or dropped, a status or media type changed, each in one situation
 * only. Not installed when no blind11 fault is on (reference/server.ts).
 * @see reference/faults/blind11/index.ts
 */

type Json = Record<string, unknown>;

const path = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

/** Transaction states as the per-card DTO names them. */
const stateNames = ['Pending', 'Submitted', 'Classifying', 'Classified', 'Approving', 'Approved', 'Loading', 'Loaded'];

/** The rewritten payload, or the payload itself when no fault applies. May change the reply's status and media type. */
export function blind11Reply(faults: FaultSet, tokenPath: string, request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const p = path(request);
  const status = reply.statusCode;
  const body = payloadObject(payload);
  if (!body) return payload;
  const is = (op: string) => p.endsWith(`/partners/${op}`);
  const query = (request.query ?? {}) as Json;
  if (is('enroll-customer') && status === 200 && typeof body.CustomerId === 'string' && typeof request.headers.sessionid === 'string')
    rememberEnrolledBy(faults, body.CustomerId, request.headers.sessionid);
  // blind11-enroll-dob-invalid-422: the date is parsed in the service layer, whose exception filter answers 422.
  const errors = Array.isArray(body.validationErrors) ? (body.validationErrors as Json[]) : [];
  if (is('enroll-customer') && status === 400 && faults.has('blind11-enroll-dob-invalid-422') && errors.length > 0 && errors.every((e) => /^command\.DateOfBirth$/i.test(String(e.key)))) {
    reply.code(422);
    return JSON.stringify({ type: rfcSections.unprocessable.url, title: 'Unprocessable Entity', status: 422, detail: 'The date of birth could not be parsed.', instance: p, errorCode: 'INVALID_DATE' });
  }
  // blind11-find-returns-person-id: the lookup selects Person.Id, not Customer.Id.
  if (is('find-customer') && status === 200 && typeof body.customerId === 'string' && body.customerId !== '' && faults.has('blind11-find-returns-person-id')) {
    const h = createHash('sha256').update(`person|${body.customerId}`).digest('hex');
    return JSON.stringify({ ...body, customerId: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}` });
  }
  if (p === tokenPath && status === 200 && typeof body.scope === 'string' && faults.has('blind11-token-scope-as-array'))
    return JSON.stringify({ ...body, scope: body.scope.split(' ') });
  if (p === tokenPath && status === 400 && body.error === 'unsupported_grant_type' && faults.has('blind11-token-unsupported-grant-text-plain')) {
    reply.type('text/plain; charset=utf-8');
    return 'unsupported_grant_type';
  }
  if (is('add-or-update-tokenized-card') && status === 200 && Array.isArray(body.cards) && faults.has('blind11-tcard-response-issuer-type-omitted'))
    return JSON.stringify({ ...body, cards: (body.cards as Json[]).map(({ issuerType: _dropped, ...rest }) => rest) });
  if (is('get-transaction-history') && status === 200 && Array.isArray(body.searchResults)) {
    const results = body.searchResults as Json[];
    if (results.length === 0 && faults.has('blind11-history-empty-page-text-plain')) {
      reply.type('text/plain; charset=utf-8');
      return payload;
    }
    if (typeof query.accountId === 'string' && faults.has('blind11-history-state-name-with-account'))
      return JSON.stringify({ ...body, searchResults: results.map((t) => (typeof t.state === 'number' ? { ...t, state: stateNames[t.state] ?? 'Unknown' } : t)) });
  }
  return payload;
}
