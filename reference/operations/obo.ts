import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorRow, responseMembers } from '../../contract/index.js';
import { requestPath, sendErrorRow, sendLegacyError, sendProblem, sendReferenceProblem } from '../problems.js';
import { defineOperation } from './route.js';
import { cachedNotLinked, rememberNotLinked } from '../faults/blind10/memo.js';
import { blind11OboHides, rememberOboCards } from '../faults/blind11/memo.js';
import { rememberCardsAtObo } from '../faults/session-memo.js';
import { sendOk, text, type OperationContext } from './context.js';
import { linkedCustomerOf } from '../faults/blind13/handlers.js';
import { markedUnchanged } from '../faults/stale-caches.js';
import { ssoJwt } from '../blind2/answers.js';
import { linkedByAttempt, linkedFlagCleared, notFoundResetsTokens } from '../faults/state-classes.js';
import { blind4SsoToken } from '../blind4/state.js';

/** obo-no-linked-title-repeated: the customers refused for no linked account so far, per customer store (a fresh reference has none). */
const refusedNoLinked = new WeakMap<object, Set<string>>();
function refusedBefore(store: object, customerId: string): boolean {
  const ids = refusedNoLinked.get(store) ?? new Set<string>();
  refusedNoLinked.set(store, ids);
  const before = ids.has(customerId);
  ids.add(customerId);
  return before;
}

/**
 * AuthenticateOBO: a customer with a linked account (D17: at least one registered card) gets
 * an ssoToken; the session remembers the customer and the token (D18: the newest stays valid).
 */
export function authenticateObo(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'AuthenticateOBO', (c, { values, session, request, reply }) => {
    const found = c.state.customers.get(text(values, 'customerId'));
    // blind11-obo-customer-of-other-session-not-found: the customer is looked up in the session's own enrolment cache.
    const customer = found && blind11OboHides(c.faults, found.customerId, session) ? undefined : found;
    // blind4-obo-unknown-customer-no-linked: the cards are looked up first, and an unknown customer has none.
    if (!customer && c.faults.has('blind4-obo-unknown-customer-no-linked')) return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    // blind6-obo-not-found-legacy-shape: the OBO handler answers in the legacy shape of the card and enrolment errors.
    if (!customer && c.faults.has('blind6-obo-not-found-legacy-shape')) return sendLegacyError(reply, 422, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    if (!customer && c.faults.has('obo-unknown-customer-wrong-status')) return sendReferenceProblem(reply, request, 'notFound', 'No customer has this customerId.');
    // blind2-obo-not-found-title-case: the title typed anew in this handler.
    if (!customer && c.faults.has('blind2-obo-not-found-title-case'))
      return sendProblem(reply, request, { status: 422, errorCode: 'CUSTOMER_NOT_FOUND', title: 'Customer not found', typeUrl: errorRow('CUSTOMER_NOT_FOUND').typeRfc!.url, detail: 'No customer has this customerId.' });
    // blind7-obo-not-found-no-error-code: the OBO handler builds its ProblemDetails by hand and forgets the extension member.
    if (!customer && c.faults.has('blind7-obo-not-found-no-error-code')) {
      const row = errorRow('CUSTOMER_NOT_FOUND');
      return reply.code(row.status).type('application/problem+json')
        .send(JSON.stringify({ type: row.typeRfc!.url, title: row.title, status: row.status, detail: 'No customer has this customerId.', instance: requestPath(request) }));
    }
    if (!customer) {
      notFoundResetsTokens(c.faults, session);
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has this customerId.');
    }
    // blind6-obo-linked-any-customer-card: `SELECT COUNT(*) FROM Cards WHERE Valid = 1`, the customer clause missing.
    const holders = c.faults.has('blind6-obo-linked-any-customer-card') ? c.state.cards.anyValid() : [];
    // blind13-obo-linked-check-uses-session-customer: the session's customer context is asked, not the request's.
    // Reading `obo-linked-once-carded` (D17 asserts nothing after a deletion): a linked-account flag set by the first card, never cleared.
    const everCarded = c.readings.has('obo-linked-once-carded') ? c.state.cards.listRemoved(customer.customerId) : [];
    const listed = [...c.state.cards.listValid(linkedCustomerOf(c, session.oboCustomerId, customer.customerId)), ...holders, ...everCarded].filter((card) => card.kind === 'number' || !c.faults.has('obo-tokenized-not-linked'));
    // obo-linked-after-card-validation-400: a flag set by a refused AddOrUpdateCard stands in for a card.
    const linked = listed.length === 0 && linkedByAttempt(c.faults, c.state, customer.customerId) ? [{ kind: 'number' as const }] : listed;
    if (linked.length === 0 && !c.faults.has('obo-no-linked-check') && c.faults.has('blind1-obo-no-linked-400'))
      return sendProblem(reply, request, { status: 400, errorCode: 'NO_LINKED_ACCOUNT', title: 'No linked account', detail: 'The customer has no linked account.' });
    // blind5-obo-no-linked-title-case: the title typed in Title Case in this handler.
    if (linked.length === 0 && !c.faults.has('obo-no-linked-check') && c.faults.has('blind5-obo-no-linked-title-case'))
      return sendProblem(reply, request, { status: 422, errorCode: 'NO_LINKED_ACCOUNT', title: 'No Linked Account', detail: 'The customer has no linked account.', ...(errorRow('NO_LINKED_ACCOUNT').typeRfc ? { typeUrl: errorRow('NO_LINKED_ACCOUNT').typeRfc!.url } : {}) });
    // blind9-obo-no-linked-detail-missing: the no-linked-account Problem is built by hand from the row, without a detail.
    if (linked.length === 0 && !c.faults.has('obo-no-linked-check') && c.faults.has('blind9-obo-no-linked-detail-missing')) {
      const row = errorRow('NO_LINKED_ACCOUNT');
      return reply.code(row.status).type('application/problem+json')
        .send(JSON.stringify({ type: row.typeRfc?.url ?? 'https://tools.ietf.org/html/rfc4918#section-11.2', title: row.title, status: row.status, instance: requestPath(request), errorCode: row.errorCode ?? row.key }));
    }
    // obo-linked-lost-on-identical-resubmission: the linked-account query counts Authorized cards; a resubmitted one is Unchanged.
    if (linked.length > 0 && c.faults.has('obo-linked-lost-on-identical-resubmission') && linked.every(markedUnchanged))
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    if (linked.length > 0 && linkedFlagCleared(c.faults, c.state, customer.customerId)) return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    // blind10-obo-no-linked-cached: a NO_LINKED_ACCOUNT answer is cached per customer and never evicted by a new card.
    const cachedRefusal = c.faults.has('blind10-obo-no-linked-cached') && cachedNotLinked(c.state.customers, customer.customerId);
    if ((linked.length === 0 || cachedRefusal) && !c.faults.has('obo-no-linked-check')) {
      if (c.faults.has('blind10-obo-no-linked-cached')) rememberNotLinked(c.state.customers, customer.customerId);
      // obo-no-linked-title-repeated: a customer refused before is answered from an answer cache whose Problem title is typed anew.
      if (c.faults.has('obo-no-linked-title-repeated') && refusedBefore(c.state.customers, customer.customerId)) {
        const row = errorRow('NO_LINKED_ACCOUNT');
        return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode ?? row.key, title: 'No Linked Account', detail: 'The customer has no linked account.', ...(row.typeRfc ? { typeUrl: row.typeRfc.url } : {}) });
      }
      return sendErrorRow(reply, request, 'NO_LINKED_ACCOUNT', 'The customer has no linked account.');
    }
    // blind8-obo-second-call-null-token: "one-time" read as one token per customer and session; the second call gets none.
    if (c.faults.has('blind8-obo-second-call-null-token') && session.oboCustomerId === customer.customerId) return sendOk(reply, { [responseMembers.ssoToken]: null });
    // Reading `blind2-sso-token-jwt`: a signed compact JWT naming the customer.
    // Readings `blind4-sso-token-guid`, `-reissued-until-used`, `-short-lived`: the token chosen and its issue time kept.
    const ssoToken = blind4SsoToken(c.readings, session, customer.customerId, () => (c.readings.has('blind2-sso-token-jwt') ? ssoJwt(customer.customerId) : randomBytes(32).toString('base64url')));
    // blind5-obo-second-customer-token-not-stored: the session's OBO record is written only when it has none.
    const kept = c.faults.has('blind5-obo-second-customer-token-not-stored') && session.oboCustomerId !== undefined && session.oboCustomerId !== customer.customerId;
    if (!kept) {
      // blind7-sattr-second-obo-old-customer: `session.OboCustomerId ??= customerId`, the first customer kept.
      session.oboCustomerId = c.faults.has('blind7-sattr-second-obo-old-customer') ? session.oboCustomerId ?? customer.customerId : customer.customerId;
      session.ssoTokens.push(ssoToken);
      // Two faults keep the cards held at this AuthenticateOBO; the list is made only when one is on.
      const heldNow = () => c.state.cards.listValid(customer.customerId).map((card) => card.cardId);
      rememberOboCards(c.faults, session, heldNow);
      if (c.faults.has('sattr-filter-deleted-after-obo-accepted')) rememberCardsAtObo(session, heldNow());
    }
    // blind1-obo-sso-token-pascal-key: the member named as the AddSessionAttributes attribute (SsoToken).
    // blind2-obo-sso-token-in-header: the token handed out as AuthenticatePartner hands out the sessionId.
    if (c.faults.has('blind2-obo-sso-token-in-header')) return sendOk(reply.header(responseMembers.ssoToken, ssoToken), {});
    const member = c.faults.has('blind1-obo-sso-token-pascal-key') ? 'SsoToken' : responseMembers.ssoToken;
    // blind8-obo-success-no-content-type: the token written to the raw response, no Content-Type set.
    if (c.faults.has('blind8-obo-success-no-content-type')) {
      const text = JSON.stringify({ [member]: ssoToken });
      reply.hijack();
      reply.raw.writeHead(200, { 'content-length': Buffer.byteLength(text) });
      reply.raw.end(text);
      return reply;
    }
    // blind9-obo-sso-token-number: the token generator returns a long, serialised as a number (the session keeps its text).
    if (c.faults.has('blind9-obo-sso-token-number')) {
      const numeric = Number(BigInt(`0x${Buffer.from(ssoToken, 'base64url').toString('hex').slice(0, 12)}`));
      if (!kept) session.ssoTokens.push(String(numeric));
      return sendOk(reply, { [member]: numeric });
    }
    return sendOk(reply, { [member]: c.faults.has('obo-sso-token-empty') ? '' : ssoToken });
  });
}
