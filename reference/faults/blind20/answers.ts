import type { FastifyReply, FastifyRequest } from 'fastify';
import { referenceOnlyErrors } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { requestPath } from '../../problems.js';
import { batchOnSend } from '../reply-payload.js';
import { anyBlind20, maskedNumber, memoryOf, type Json } from './memo.js';
import { reshapeHistory } from './answers-history.js';

/**
 * The blind20 faults on a partner operation's answer on its way out (a route-level onSend hook):
 * FindCustomer, EnrollCustomer, the card operations, AuthenticateOBO, DeleteCard and the attribute
 * operations here, history in answers-history.ts. Installed only when a blind20 fault is on; each
 * rewrite is guarded by its fault.
 * @see reference/faults/blind20/index.ts
 */

type Entry = { key: string; message: string };

function reshape(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  // Memory: every approved card number, by BIN and last four.
  if (slug === 'add-or-update-card' && status === 200 && typeof input.cardNumber === 'string') memoryOf(c.faults).approvedMasked.add(maskedNumber(input.cardNumber));
  // The search service's exception carries no message.
  if (on('blind20-find-not-found-detail-null', 'find-customer') && status === 422 && body.errorCode === 'CUSTOMER_NOT_FOUND') return { ...body, detail: null };
  const validation = Array.isArray(body.validationErrors) ? (body.validationErrors as Entry[]) : undefined;
  if (status === 400 && validation) {
    if (on('blind20-enroll-validation-errors-object-missing', 'enroll-customer')) { const { errors: _e, ...rest } = body; return rest; }
    if (on('blind20-cards-validation-detail-missing', 'get-registered-cards')) { const { detail: _d, ...rest } = body; return rest; }
    if (on('blind20-delete-validation-errors-missing', 'delete-card')) { const { validationErrors: _v, ...rest } = body; return rest; }
    // The older formatter of the ancillary router.
    if (on('blind20-cattr-validation-text-json', 'add-customer-attributes')) reply.header('content-type', 'text/json; charset=utf-8');
    // The validator sorted the attributes by name: the index is the position in name order.
    if (on('blind20-cattr-key-index-after-name-sort', 'add-customer-attributes') && Array.isArray(input.customerAttributes)) {
      const list = input.customerAttributes as Json[];
      const order = list.map((a, i) => ({ name: String(a?.name ?? ''), i })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.i - b.i)).map((x) => x.i);
      return { ...body, validationErrors: validation.map((e) => ({ ...e, key: e.key.replace(/\[(\d+)\]/, (m, i: string) => (order.indexOf(Number(i)) >= 0 ? `[${order.indexOf(Number(i))}]` : m)) })) };
    }
  }
  if (slug === 'authenticate-obo' && status === 422) {
    if (c.faults.has('blind20-obo-no-linked-type-relative-uri') && body.errorCode === 'NO_LINKED_ACCOUNT') return { ...body, type: '/problems/no-linked-account' };
    if (c.faults.has('blind20-obo-not-found-title-resource-key') && body.errorCode === 'CUSTOMER_NOT_FOUND') return { ...body, title: 'CustomerNotFound_Title' };
  }
  // The token service's string serialised a second time.
  if (on('blind20-obo-sso-token-double-serialised', 'authenticate-obo') && status === 200 && typeof body.ssoToken === 'string') return { ...body, ssoToken: JSON.stringify(body.ssoToken) };
  // The JSON:API error middleware.
  if (on('blind20-tcard-denied-json-api-errors', 'add-or-update-tokenized-card') && status === 422 && body.errorCode === 'BAD_REQUEST') {
    reply.header('content-type', 'application/vnd.api+json');
    return { errors: [{ status: String(body.status), code: body.errorCode, title: body.title, detail: body.detail }] };
  }
  // The card is re-read after the delete to build the answer; the miss is CARD_NOT_FOUND.
  if (on('blind20-delete-card-not-found-after-removal', 'delete-card') && status === 200) {
    const e = referenceOnlyErrors.cardNotFound;
    reply.code(e.status).header('content-type', 'application/problem+json');
    return { type: e.typeRfc.url, title: e.title, status: e.status, detail: 'The customer has no card with this cardId.', instance: requestPath(request), errorCode: e.errorCode };
  }
  if (on('blind20-sattr-invalid-information-error-code-missing', 'add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION') {
    const { errorCode: _c, ...rest } = body;
    return rest;
  }
  return undefined;
}

/** The route-level onSend hook of a partner operation; undefined (none) when no blind20 fault is on. */
export const blind20OnSend = (c: OperationContext) => batchOnSend(anyBlind20(c.faults), c, [reshape, reshapeHistory]);
