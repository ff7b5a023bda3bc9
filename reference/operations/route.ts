import type { FastifyInstance } from 'fastify';
import { fieldKey, operation, type Operation } from '../../contract/index.js';
import { sendProblem, sendValidationProblem } from '../problems.js';
import { hasNullMember } from '../validate/index.js';
import { resolveSession } from './session.js';
import { validateWithFaults } from './validation.js';
import { blind1Input } from '../faults/blind1/hooks.js';
import { blind2Input } from '../faults/blind2/hooks.js';
import { blind3Input, blind3ValidationDetail } from '../faults/blind3/inputs.js';
import { blind4Input } from '../faults/blind4/hooks.js';
import { blind5Input } from '../faults/blind5/rules.js';
import { blind6Input } from '../faults/blind6/hooks.js';
import { blind7Input } from '../faults/blind7/hooks.js';
import { blind8Input } from '../faults/blind8/hooks.js';
import { blind9Input } from '../faults/blind9/hooks.js';
import { blind10Input } from '../faults/blind10/hooks.js';
import { blind11Input } from '../faults/blind11/hooks.js';
import { classFaultInput } from '../faults/input-classes.js';
import { operatorFaultInput } from '../faults/operator-value-input.js';
import { existingFormFaultInput } from '../faults/existing-forms.js';
import { readBackDateFaultInput } from '../faults/read-back-dates.js';
import { blind12Input } from '../faults/blind12/inputs.js';
import { stateClassInput } from '../faults/state-classes.js';
import { blind12Before } from '../faults/blind12/handlers.js';
import { blind12SessionHeaderRefused } from '../faults/blind12/access.js';
import { blind13Input } from '../faults/blind13/inputs.js';
import { blind13Before } from '../faults/blind13/handlers.js';
import { blind14Input } from '../faults/blind14/inputs.js';
import { blind14SessionSkipped } from '../faults/blind14/access.js';
import { blind15Input } from '../faults/blind15/inputs.js';
import { blind15Before } from '../faults/blind15/handlers.js';
import { blind15OnSend } from '../faults/blind15/answers.js';
import { blind16BeforeValidation, blind16Input } from '../faults/blind16/inputs.js';
import { blind16BeforeSession } from '../faults/blind16/access.js';
import { blind16Before } from '../faults/blind16/handlers.js';
import { blind16OnSend } from '../faults/blind16/answers.js';
import { blind17Input, blind17Validated } from '../faults/blind17/inputs.js';
import { blind17BeforeSession } from '../faults/blind17/access.js';
import { blind17Before } from '../faults/blind17/handlers.js';
import { blind17OnSend } from '../faults/blind17/answers.js';
import { blind18Input } from '../faults/blind18/inputs.js';
import { blind18Before } from '../faults/blind18/handlers.js';
import { blind18OnSend } from '../faults/blind18/answers.js';
import { blind19Input } from '../faults/blind19/inputs.js';
import { blind19Before } from '../faults/blind19/handlers.js';
import { blind19OnSend } from '../faults/blind19/answers.js';
import { blind19SessionSkipped } from '../faults/blind19/access.js';
import { blind20Input } from '../faults/blind20/inputs.js';
import { blind20Before } from '../faults/blind20/handlers.js';
import { blind20OnSend } from '../faults/blind20/answers.js';
import type { OperationContext, OperationHandler } from './context.js';
import { blind2ReadingInput, blind2ReadingRefused } from '../blind2/inputs.js';
import { blind3Before } from '../blind3/rules.js';

/**
 * Reading `cattr-missing-required-422` (D20: where a missing CustomerId/SSN attribute is reported
 * is unspecified): a list whose only fault is a missing required name is a 422 Problem.
 */
function missingAttributesOnly(ctx: OperationContext, op: Operation, input: unknown, errors: readonly { key: string }[]): boolean {
  if (!ctx.readings.has('cattr-missing-required-422') || op.id !== 'AddCustomerAttributes') return false;
  const list = (input as Record<string, unknown> | null)?.[op.fields[0]!.name];
  return Array.isArray(list) && list.length > 0 && errors.every((e) => !/[[.]/.test(e.key.slice('command.'.length)));
}

/**
 * Readings `blind-unknown-members-rejected` and `unknown-members-refused` (D42): body members the operation's table does not list
 * (EnrollCustomer's `email`, the D10 alias, excepted), one validation error each.
 */
function unknownMembers(op: Operation, input: unknown): { key: string; message: string }[] {
  if (op.method !== 'POST' || typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const known = (name: string) => op.fields.some((f) => f.name === name) || (op.id === 'EnrollCustomer' && name === 'email');
  return Object.keys(input).filter((name) => !known(name)).map((name) => {
    const key = fieldKey(op, { name, in: 'body', type: 'string', required: false });
    return { key, message: `${key.slice('command.'.length)} is not a member of this request.` };
  });
}

/**
 * Registers one partner operation at its contract path and method (D1): GET operations read
 * the query string, POST ones the JSON body. Order: session (D4), validation (400, D13/D14),
 * then the handler's business rules. The core's hooks already checked token, allow list,
 * apiVersion and content type; the `apiVersion` query parameter is simply not a field.
 */
/** Reading `repeated-query-first-wins`: a query parameter given twice is read with its first value (as many frameworks bind it). */
function firstOfRepeated(ctx: OperationContext, query: unknown): unknown {
  if (!ctx.readings.has('repeated-query-first-wins') || typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

export function defineOperation(app: FastifyInstance, ctx: OperationContext, operationId: string, handler: OperationHandler): void {
  const op = operation(operationId);
  // blind15-blind20: answers rewritten on their way out, with the instance's state (reference/faults/blind1{5,6,7,8,9}/answers.ts, blind20/answers.ts).
  const onSend = [blind15OnSend(ctx), blind16OnSend(ctx), blind17OnSend(ctx), blind18OnSend(ctx), blind19OnSend(ctx), blind20OnSend(ctx)].filter((hook) => hook !== undefined);
  app.route({
    method: op.method,
    url: op.path,
    ...(onSend.length > 0 ? { onSend } : {}),
    handler: async (request, reply) => {
      // blind1-session-skipped-cattr: the ancillary operation is served without the session check.
      // blind5-session-skipped-on-history: the history route was left out of the session filter.
      const skipped = (ctx.faults.has('blind1-session-skipped-cattr') && op.id === 'AddCustomerAttributes')
        || (ctx.faults.has('blind5-session-skipped-on-history') && op.id === 'GetTransactionHistory')
        // blind7-session-skipped-on-tcard: the tokenized-card route, added later, was left out of the session filter.
        || (ctx.faults.has('blind7-session-skipped-on-tcard') && op.id === 'AddOrUpdateTokenizedCard')
        // blind9-session-skipped-on-cards: the card list, a read, was registered outside the session filter.
        || (ctx.faults.has('blind9-session-skipped-on-cards') && op.id === 'GetRegisteredCards')
        // blind10-enroll-session-skipped: the enrolment route sits outside the session filter.
        || (ctx.faults.has('blind10-enroll-session-skipped') && op.id === 'EnrollCustomer')
        // blind11-session-skipped-with-query-version: the query-versioned controllers have no session filter.
        || (ctx.faults.has('blind11-session-skipped-with-query-version') && /[?&]apiVersion=/.test(request.url))
        // blind13-session-skipped-on-obo: the OBO route sits on the customer-context router, outside the session filter.
        || (ctx.faults.has('blind13-session-skipped-on-obo') && op.id === 'AuthenticateOBO')
        // blind14-session-skipped-on-delete: DeleteCard is registered outside the session filter.
        || blind14SessionSkipped(ctx.faults, op)
        // blind19-session-skipped-on-find: FindCustomer is registered outside the session filter.
        || blind19SessionSkipped(ctx.faults, op);
      if (blind12SessionHeaderRefused(ctx.faults, op, request, reply)) return reply;
      // blind16-cards-unknown-session-empty-list: the card list's filter scopes by the session it finds, none for an unknown one.
      if (blind16BeforeSession(ctx, op, request, reply)) return reply;
      // blind17-session-unknown-obo-500: the OBO filter reads the session's customer context before the session check.
      blind17BeforeSession(ctx, op, request);
      const session = skipped ? ctx.state.sessions.detached('', request.clientId ?? '') : resolveSession(ctx, request, reply);
      if (!session) return reply;
      // Readings `blind2-email-alias-ignored` (D10), `blind2-page-size-whitespace` (D41): the request as they read it.
      const raw = blind2ReadingInput(ctx.readings, op, op.method === 'GET' ? firstOfRepeated(ctx, request.query) : request.body);
      const hasCard = (customerId: string, cardNumber: string) => ctx.state.cards.find(customerId, 'number', cardNumber) !== undefined;
      const holdsToken = (customerId: string, token: string) => ctx.state.cards.find(customerId, 'token', token) !== undefined;
      const storedData = (customerId: string, kind: 'number' | 'token', identity: string) => ctx.state.cards.find(customerId, kind, identity)?.data;
      const ssnOf = (customerId: string) => ctx.state.customers.get(customerId)?.ssn;
      const ownerOf = (cardId: string) => ctx.state.cards.get(cardId)?.customerId;
      const holderOf = (cardNumber: string) => ctx.state.cards.findAnyCustomer('number', cardNumber)?.customerId;
      // blind18: the request as the faulty service binds it (reference/faults/blind18/inputs.ts).
      // blind19: the request as the faulty service binds it (reference/faults/blind19/inputs.ts).
      // blind20: likewise (reference/faults/blind20/inputs.ts).
      const input = blind20Input(ctx, op, blind19Input(ctx.faults, op, request, blind18Input(ctx.faults, op, session, request, blind17Input(ctx.faults, op, blind16Input({ faults: ctx.faults, session }, op, readBackDateFaultInput(ctx.faults, op, blind15Input(ctx.faults, op, blind14Input(ctx.faults, op, blind13Input({ faults: ctx.faults, state: ctx.state, session }, op, stateClassInput({ faults: ctx.faults, state: ctx.state, session }, op, blind12Input({ faults: ctx.faults, state: ctx.state, session }, op, blind11Input(ctx.faults, op, existingFormFaultInput(ctx.faults, op, blind10Input(ctx.faults, op, blind9Input(ctx.faults, op, blind8Input(ctx.faults, op, blind7Input(ctx.faults, op, blind6Input(ctx.faults, op, blind5Input(ctx.faults, op, blind4Input(ctx.faults, op, operatorFaultInput(ctx.faults, op, classFaultInput(ctx.faults, op, blind2Input(ctx.faults, op, blind1Input(ctx.faults, op, blind3Input(ctx.faults, op, raw)))), holdsToken, holderOf)), hasCard)), hasCard), storedData), hasCard), hasCard), { hasCard, ssnOf, enrolled: (ssn) => ctx.state.customers.withSsn(ssn) !== undefined }), { hasCard, ownerOf }))))))))))));
      // blind16-cattr-empty-list-accepted: the required names are checked item by item.
      if (blind16BeforeValidation(ctx.faults, op, input, reply)) return reply;
      if (ctx.faults.has('server-error-on-null') && hasNullMember(input))
        throw new TypeError(`Cannot read properties of null (reading '${op.fields[0]?.name ?? 'value'}')`);
      // blind17-enroll-home-number-required: the DTO's non-nullable HomeNumber.
      const v = blind17Validated(ctx.faults, op, input, validateWithFaults(ctx.faults, op, input, ctx.readings));
      // Readings `blind2-body-not-object` (D30), `blind2-null-refused`, `blind2-free-text-latin1` (D40).
      if (blind2ReadingRefused(ctx.readings, op, input, v.errors, request, reply)) return reply;
      // D42: refusing a member the document does not name is one allowed side (the default ignores it).
      const refuseUnknown = ctx.readings.has('blind-unknown-members-rejected') || ctx.readings.has('unknown-members-refused');
      const unknown = refuseUnknown ? unknownMembers(op, input) : [];
      if (unknown.length > 0) return sendValidationProblem(reply, request, [...v.errors, ...unknown]);
      if (v.errors.length > 0 && missingAttributesOnly(ctx, op, input, v.errors))
        return sendProblem(reply, request, { status: 422, errorCode: 'MISSING_ATTRIBUTE', title: 'Invalid Information', detail: v.errors.map((e) => e.message).join(' ') });
      if (v.errors.length > 0) return sendValidationProblem(reply, request, v.errors, blind3ValidationDetail(ctx.faults, op, raw));
      const valid = { op, values: v.values, session, request, reply };
      // Reading `blind3-unknown-customer-404`: the GET operations' missing customer.
      return blind3Before(ctx, valid) ?? blind20Before(ctx, valid) ?? blind19Before(ctx, valid) ?? blind18Before(ctx, valid) ?? blind17Before(ctx, valid) ?? blind16Before(ctx, valid) ?? blind12Before(ctx, valid) ?? blind13Before(ctx, valid) ?? blind15Before(ctx, valid, () => handler(ctx, valid)) ?? handler(ctx, valid);
    },
  });
}
