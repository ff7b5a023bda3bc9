import { log } from './log.js';
import type { PartnerApi } from './partner-api.js';
import {
  cardPayload, customerAttributesPayload, enrollPayload, freshIdentity, sessionAttributesPayload, tokenizedCardPayload, type Identity,
} from './payloads.js';
import type { Answer } from './transport.js';

interface Customer { readonly id: string; readonly who: Identity }

const ok = (a: Answer | undefined): a is Answer => a !== undefined && a.status >= 200 && a.status < 300;
const member = (a: Answer | undefined, key: string): unknown => (ok(a) && typeof a.body === 'object' && a.body !== null ? (a.body as Record<string, unknown>)[key] : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const cardIds = (a: Answer | undefined): string[] => {
  const cards = member(a, 'cards');
  return Array.isArray(cards) ? cards.map((c) => text((c as { cardId?: unknown })?.cardId)).filter((id): id is string => id !== undefined) : [];
};

/**
 * The rounds of a partner's day: look a returning customer up, enroll a new one, register a
 * card and a tokenized card, sign the customer in (OBO), read history, pass attributes and
 * remove the card again. Each step uses what earlier steps gave, and falls back when one failed:
 * an error answer never stops the round.
 */
export async function runRounds(api: PartnerApi, rounds: number): Promise<void> {
  let known: Customer | undefined;
  for (let round = 1; round <= rounds; round += 1) {
    log.round = round;
    await api.ensureSession();
    const who = freshIdentity();
    // A returning customer: the one of the last round (in round one, nobody yet: "not found" is expected).
    const lookFor = known?.who ?? who;
    const found = text(member(await api.call('FindCustomer', { ssn: lookFor.ssn, dateOfBirth: lookFor.dateOfBirth }), 'customerId'));
    const enrolledId = text(member(await api.call('EnrollCustomer', enrollPayload(who)), 'CustomerId'));
    const customer: Customer | undefined = enrolledId ? { id: enrolledId, who } : found ? { id: found, who: lookFor } : known;
    if (!customer) {
      log.note('no customer to work with yet: the rest of this round is skipped');
      continue;
    }
    known = customer;
    const listed = cardIds(await api.call('GetRegisteredCards', { customerId: customer.id }));
    const cardId = cardIds(await api.call('AddOrUpdateCard', cardPayload(customer.id)))[0];
    const tokenizedId = cardIds(await api.call('AddOrUpdateTokenizedCard', tokenizedCardPayload(customer.id)))[0];
    const ssoToken = text(member(await api.call('AuthenticateOBO', { customerId: customer.id }), 'ssoToken'));
    await api.call('GetTransactionHistory', { customerId: customer.id, pageSize: 10 });
    await api.call('AddCustomerAttributes', customerAttributesPayload(customer.id, customer.who));
    if (ssoToken) await api.call('AddSessionAttributes', sessionAttributesPayload(ssoToken, cardId ? [cardId] : []));
    else log.note('no ssoToken: AddSessionAttributes is allowed only after AuthenticateOBO succeeded');
    const toDelete = cardId ?? tokenizedId ?? listed[0];
    if (toDelete) await api.call('DeleteCard', { customerId: customer.id, cardId: toDelete });
    else log.note('no card to delete this round');
  }
}
