import { tokenContract } from '../../contract/index.js';
import { cardPayload, enrollPayload, tokenCardPayload, type Bench } from './blind6-bench.js';

/** Steps the blind6 probes share: a customer, its cards, an OBO session, a history of some length. */
export const unknownGuid = '00000000-0000-4000-8000-000000000000';
export const find = (b: Bench, ssn: string, dateOfBirth = '1990-04-01') => b.call('FindCustomer', { body: { ssn, dateOfBirth } });
export async function enroll(b: Bench, o: Record<string, unknown> = {}) {
  const payload = enrollPayload(o);
  const r = await b.call('EnrollCustomer', { body: payload });
  return { customerId: String(r.body?.CustomerId), payload, r };
}
export const addCard = async (b: Bench, customerId: string, o: Record<string, unknown> = {}) => b.call('AddOrUpdateCard', { body: cardPayload(customerId, o) });
export const addToken = async (b: Bench, customerId: string, o: Record<string, unknown> = {}) => b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId, o) });
export const cards = async (b: Bench, customerId: string) => (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards as Array<Record<string, unknown>>;
export const keys = (r: { body: { validationErrors?: Array<{ key: string }> } }) => (r.body?.validationErrors ?? []).map((e) => e.key);
export const cattr = async (b: Bench, extra: Array<[string, string]>) => {
  const { customerId, payload } = await enroll(b);
  const items = [['CustomerId', customerId], ['SSN', String(payload.ssn)], ...extra].map(([name, value]) => ({ name, value }));
  return (await b.call('AddCustomerAttributes', { body: { customerAttributes: items } })).status;
};
export const sattr = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
/** A customer with a card number and an ssoToken of the bench's session. */
export async function obo(b: Bench) {
  const { customerId } = await enroll(b);
  const number = String(cardPayload(customerId).cardNumber);
  const cardId = String((await addCard(b, customerId, { cardNumber: number })).body.cards[0].cardId);
  const ssoToken = String((await b.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken);
  return { customerId, cardId, number, ssoToken };
}
/** A customer whose cards hold at least `minimum` transactions (D21: 0-45 per card). */
export async function withHistory(b: Bench, minimum: number) {
  const { customerId } = await enroll(b);
  for (let i = 0; i < 10; i++) {
    await addCard(b, customerId);
    if ((await b.call('GetTransactionHistory', { query: { customerId } })).body.totalRecords >= minimum) break;
  }
  return customerId;
}
export const partnerScope = (b: Bench) => `${b.ref.scopeBase}${tokenContract.partnerScopeSuffix}`;
