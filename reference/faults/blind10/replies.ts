import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultSet } from '../types.js';
import { exclusiveSessionFilters } from '../../../contract/index.js';
import { payloadObject } from '../reply-payload.js';

/**
 * The blind10 faults that rewrite an answer on its way out (an onSend hook of the faulty service):
 * a member renamed, mistyped or dropped, a status changed, each in one situation only. With no
 * blind10 fault on, the hook is not installed (reference/server.ts).
 * @see reference/faults/blind10/index.ts
 */

type Json = Record<string, unknown>;

const rfc7231NotFound = 'https://tools.ietf.org/html/rfc7231#section-6.5.4';

const path = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

/** The rewritten payload, or the payload itself when no fault applies. May change the reply's status. */
export function blind10Reply(faults: FaultSet, tokenPath: string, request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const p = path(request);
  const status = reply.statusCode;
  const body = payloadObject(payload);
  if (!body) return payload;
  const is = (op: string) => p.endsWith(`/partners/${op}`);
  const query = (request.query ?? {}) as Json;
  const sent = (request.body ?? {}) as Json;
  // blind10-token-created-201-body-credentials: the form-credentials branch returns CreatedAtAction.
  if (p === tokenPath && status === 200 && typeof sent.client_id === 'string' && faults.has('blind10-token-created-201-body-credentials')) {
    reply.code(201);
    return payload;
  }
  // blind10-find-itin-customer-id-empty: the ITIN table's id column is not mapped.
  if (is('find-customer') && status === 200 && String(sent.ssn ?? '').startsWith('9') && faults.has('blind10-find-itin-customer-id-empty'))
    return JSON.stringify({ ...body, customerId: '' });
  // blind10-find-not-found-200-empty-object: `Ok(new { customerId = (Guid?)null })` with null members left out.
  if (is('find-customer') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND' && faults.has('blind10-find-not-found-200-empty-object')) {
    reply.code(200).type('application/json');
    return '{}';
  }
  // blind10-enroll-customer-id-braces: Guid.ToString("B").
  if (is('enroll-customer') && status === 200 && typeof body.CustomerId === 'string' && faults.has('blind10-enroll-customer-id-braces'))
    return JSON.stringify({ ...body, CustomerId: `{${body.CustomerId}}` });
  if (is('authenticate-obo')) {
    // blind10-obo-sso-token-wrapped: the token DTO serialised whole.
    if (status === 200 && typeof body.ssoToken === 'string' && faults.has('blind10-obo-sso-token-wrapped'))
      return JSON.stringify({ ...body, ssoToken: { token: body.ssoToken, expiresIn: 300 } });
    // blind10-obo-not-found-type-rfc7231: "not found" taken for the 404 section.
    if (status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND' && faults.has('blind10-obo-not-found-type-rfc7231'))
      return JSON.stringify({ ...body, type: rfc7231NotFound });
    // blind10-obo-no-linked-instance-missing: the problem built by hand without the request path.
    if (status === 422 && body.errorCode === 'NO_LINKED_ACCOUNT' && faults.has('blind10-obo-no-linked-instance-missing')) {
      const { instance: _instance, ...rest } = body;
      return JSON.stringify(rest);
    }
  }
  if (is('get-transaction-history') && status === 200) {
    let out = body;
    // blind10-history-search-results-null-when-empty: an empty result set serialised as null.
    if (Array.isArray(out.searchResults) && out.searchResults.length === 0 && faults.has('blind10-history-search-results-null-when-empty')) out = { ...out, searchResults: null };
    // blind10-history-total-string-with-account: the filtered count query casts to varchar.
    if (query.accountId !== undefined && typeof out.totalRecords === 'number' && faults.has('blind10-history-total-string-with-account')) out = { ...out, totalRecords: String(out.totalRecords) };
    // blind10-history-transaction-id-no-dashes-paged: the paging query's ids written with Guid.ToString("N").
    if (query.pagingTransactionReferenceNumber !== undefined && Array.isArray(out.searchResults) && faults.has('blind10-history-transaction-id-no-dashes-paged'))
      out = { ...out, searchResults: (out.searchResults as Json[]).map((t) => ({ ...t, transactionId: String(t.transactionId).replace(/-/g, '') })) };
    return out === body ? payload : JSON.stringify(out);
  }
  // blind10-cattr-validation-status-422: `UnprocessableEntity(ModelState)` in the ancillary controller.
  if (is('add-customer-attributes') && status === 400 && Array.isArray(body.validationErrors) && faults.has('blind10-cattr-validation-status-422')) {
    reply.code(422);
    return JSON.stringify({ ...body, status: 422 });
  }
  // blind10-sattr-both-filters-title-error: the exclusion's message constant shared with the network refusal.
  if (is('add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION' && faults.has('blind10-sattr-both-filters-title-error')) {
    const items = Array.isArray(sent.sessionAttributes) ? (sent.sessionAttributes as Json[]) : [];
    if (exclusiveSessionFilters.every((f) => items.some((a) => a?.name === f))) return JSON.stringify({ ...body, title: 'Error' });
  }
  return payload;
}
