import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { history, referenceOnlyErrors, responseMembers } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import { historyOf, newestFirst } from '../../state/index.js';

/**
 * The blind17 faults on the answers of FindCustomer, EnrollCustomer, GetTransactionHistory, DeleteCard
 * and AddSessionAttributes on their way out (called by answers.ts' onSend hook). Each rewrite is
 * guarded by its fault.
 * @see reference/faults/blind17/index.ts
 */

type Json = Record<string, unknown>;

/** The page the history would be with pageSize applied to each card's query and no limit after the merge. */
function perCardPage(c: OperationContext, customerId: string, size: number): Json[] {
  return c.state.cards.listValid(customerId).flatMap((card) => historyOf(card).sort(newestFirst).slice(0, size)).sort(newestFirst) as Json[];
}

export function reshapeMore(c: OperationContext, slug: string, request: FastifyRequest, reply: FastifyReply, body: Json): Json | undefined {
  const on = (fault: string, at: string) => c.faults.has(fault) && slug === at;
  const status = reply.statusCode;
  const input = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Json;
  const validation = Array.isArray(body.validationErrors) ? (body.validationErrors as Json[]) : undefined;
  // WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED on the customers controller's mapper.
  if (on('blind17-find-single-validation-error-unwrapped', 'find-customer') && status === 400 && validation?.length === 1)
    return { ...body, validationErrors: validation[0] };
  // The referral path answers from its request DTO, whose Id the database never saw.
  if (on('blind17-enroll-referral-customer-id-not-stored', 'enroll-customer') && status === 200 && typeof input.referrerCode === 'string' && input.referrerCode !== '')
    return { ...body, [responseMembers.enrollCustomer]: randomUUID() };
  // The person row was inserted before the e-mail check and is not rolled back.
  if (on('blind17-enroll-refused-email-duplicate-keeps-customer', 'enroll-customer') && status === referenceOnlyErrors.duplicateEmail.status
    && body[responseMembers.legacyErrorCode] === referenceOnlyErrors.duplicateEmail.legacyCode) {
    const [ssn, dob] = [String(input.ssn ?? ''), String(input.dateOfBirth ?? '')];
    const email = String(input.emailAddress ?? input.email ?? '');
    if (!c.state.customers.withSsn(ssn)) c.state.customers.enroll({ ssn, email, dateOfBirth: calendarDate(dob), dateOfBirthSent: dob });
    return undefined;
  }
  const items = Array.isArray(body[history.listMember]) ? (body[history.listMember] as Json[]) : undefined;
  const customerId = String(input.customerId ?? '');
  const reference = typeof input.pagingTransactionReferenceNumber === 'string' ? input.pagingTransactionReferenceNumber.toLowerCase() : undefined;
  const size = Number(input.pageSize);
  // SELECT TOP (@pageSize) per card, merged without a limit after the union.
  if (on('blind17-history-page-size-applied-per-card', 'get-transaction-history') && status === 200 && items && reference === undefined
    && input.accountId === undefined && Number.isInteger(size) && size >= 1 && size <= 10)
    return { ...body, [history.listMember]: perCardPage(c, customerId, size) };
  // The accountId rule copied with the customerId rule's WithName.
  if (on('blind17-history-account-id-error-keyed-on-customer-id', 'get-transaction-history') && status === 400 && validation)
    return { ...body, validationErrors: validation.map((e) => (e.key === 'query.accountId' ? { ...e, key: 'query.customerId' } : e)) };
  // The per-card query's projection has no card join.
  if (on('blind17-history-last-four-missing-with-account', 'get-transaction-history') && status === 200 && items && input.accountId !== undefined)
    return { ...body, [history.listMember]: items.map(({ lastFourDigitsOfCard: _lastFour, ...rest }) => rest) };
  // The count query of a referenced page narrows to the referenced transaction's card.
  if (on('blind17-history-total-of-reference-card-when-paging', 'get-transaction-history') && status === 200 && items && reference !== undefined) {
    const card = c.state.cards.listValid(customerId).find((x) => historyOf(x).some((t) => String(t.transactionId) === reference));
    if (card) return { ...body, [history.totalMember]: historyOf(card).length };
  }
  // Ok(problem): the Problem written with 200.
  if (on('blind17-delete-not-found-problem-in-200', 'delete-card') && status === 422 && body.errorCode === referenceOnlyErrors.cardNotFound.errorCode) {
    reply.code(200).type('application/json; charset=utf-8');
    return undefined;
  }
  // The title typed anew in the session-attributes handler.
  if (on('blind17-sattr-invalid-information-title-lowercase', 'add-session-attributes') && status === 422 && body.errorCode === 'INVALID_INFORMATION')
    return { ...body, title: 'Invalid information' };
  return undefined;
}
