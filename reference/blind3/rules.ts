import type { FastifyReply, FastifyRequest } from 'fastify';
import { operation } from '../../contract/index.js';
import { sendProblem, sendValidationProblem } from '../problems.js';
import { compileRules } from '../validate/index.js';
import type { OperationContext, ValidRequest } from '../operations/context.js';
import { text } from '../operations/context.js';

/** Status and binder readings of the round-3 blind review (reference/readings-blind3.ts, group blind3-c). */

/**
 * Reading `blind3-unknown-customer-404`: GetRegisteredCards and GetTransactionHistory naming no
 * customer answer 404 NOT_FOUND; undefined when the reading is off or the customer exists.
 */
export function blind3Before(ctx: OperationContext, { op, values, request, reply }: ValidRequest): FastifyReply | undefined {
  if (!ctx.readings.has('blind3-unknown-customer-404') || (op.id !== 'GetRegisteredCards' && op.id !== 'GetTransactionHistory')) return undefined;
  if (ctx.state.customers.get(text(values, 'customerId'))) return undefined;
  return sendProblem(reply, request, { status: 404, errorCode: 'NOT_FOUND', title: 'Not Found', detail: 'No customer has this customerId.' });
}

/**
 * Reading `blind3-history-unknown-reference-400` (D30): an accountId or paging reference naming
 * nothing of the customer is a 400 validation problem naming that parameter.
 */
export function blind3UnknownReference(ctx: OperationContext, request: FastifyRequest, reply: FastifyReply, unknownAccount: boolean): FastifyReply | undefined {
  if (!ctx.readings.has('blind3-history-unknown-reference-400')) return undefined;
  const name = unknownAccount ? 'accountId' : 'pagingTransactionReferenceNumber';
  const key = compileRules(operation('GetTransactionHistory')).find((r) => r.field.name === name)!.key;
  return sendValidationProblem(reply, request, [{ key, message: `${key} does not name ${unknownAccount ? 'a card' : 'a transaction'} of this customer.` }]);
}

/**
 * Reading `blind3-session-missing-header-400` (D4): a missing sessionId or deviceId header is
 * Spring's 400 for a missing @RequestHeader; true when it answered.
 */
export function blind3MissingHeader(ctx: OperationContext, request: FastifyRequest, reply: FastifyReply, names: readonly string[]): boolean {
  if (!ctx.readings.has('blind3-session-missing-header-400')) return false;
  const missing = names.find((n) => { const v = request.headers[n.toLowerCase()]; return typeof v !== 'string' || v === ''; });
  if (missing === undefined) return false;
  sendProblem(reply, request, { status: 400, errorCode: 'MISSING_REQUEST_HEADER', title: 'Bad Request', detail: `Required header '${missing}' is not present.` });
  return true;
}
