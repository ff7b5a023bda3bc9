import { unique, type Answer, type RedTeamClient } from './red-team-client.js';

/** What the red teams' probes (blind13-15) build their requests from: one customer, card and token body each. */


export type C = RedTeamClient;
export const unknownGuid = '00000000-0000-4000-8000-000000000000';
export const address = { addressLine1: '1 Main St', addressLine2: 'Apt 1', city: 'Springfield', state: 'IL', zip: '62701' };
export const enrollBody = (o: Record<string, unknown> = {}) => ({
  emailAddress: `p${unique(10)}@example.com`, ssn: unique(9), firstName: 'Pat', lastName: 'Doe', mobileNumber: '5551234567',
  ...address, dateOfBirth: '1990-04-01', allowTexts: true, ...o,
});
export const cardBody = (customerId: string, o: Record<string, unknown> = {}) => ({
  customerId, cardNumber: '4111111111111111', expirationMonthYear: '1229', cardNickname: 'Main', ...address, ...o,
});
export const tokenBody = (customerId: string, o: Record<string, unknown> = {}) => ({
  customerId, cardToken: `tok_${unique(10)}`, cardBin: '411111', lastFourOfCard: '1111', expirationMonthYear: '1229', cardNickname: 'Main', ...address, ...o,
});
export const enroll = async (c: C, o: Record<string, unknown> = {}) => {
  const body = enrollBody(o);
  const r = await c.call('enroll-customer', { body });
  return { customerId: String(r.body?.CustomerId), body, r };
};
export const status = (r: Promise<Answer>) => r.then((a) => a.status);
export const items = (list: Array<[string, string]>) => list.map(([name, value]) => ({ name, value }));
export const addCard = async (c: C, customerId: string, o: Record<string, unknown> = {}) =>
  (await c.call('add-or-update-card', { body: cardBody(customerId, o) })).body.cards[0].cardId as string;
export const history = (c: C, query: Record<string, string | number>) => c.call('get-transaction-history', { query });

/** A customer with a card, and an ssoToken issued in the client's session. */
export async function obo(c: C) {
  const { customerId } = await enroll(c);
  const cardId = await addCard(c, customerId);
  const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
  return { customerId, cardId, ssoToken };
}

/** Adds cards (numbers, or tokens) to `customerId` (a fresh customer when absent) until `count` of them have a history of 3 or more. */
export async function cardsWithHistory(c: C, count: number, o: { customerId?: string; tokens?: boolean } = {}) {
  const customerId = o.customerId ?? (await enroll(c)).customerId;
  const ids: string[] = [];
  const numbers: string[] = [];
  for (let i = 0; i < 40 && ids.length < count; i++) {
    const number = `41111111${unique(8)}`;
    const cardId = o.tokens ? (await c.call('add-or-update-tokenized-card', { body: tokenBody(customerId) })).body.cards[0].cardId as string
      : await addCard(c, customerId, { cardNumber: number });
    if ((await history(c, { customerId, accountId: cardId })).body.totalRecords > 2) { ids.push(cardId); numbers.push(number); }
  }
  if (ids.length < count) throw new Error('too few cards with a history');
  return { customerId, ids, numbers };
}

export const firstPage = async (c: C, customerId: string, accountId?: string) =>
  (await history(c, { customerId, ...(accountId ? { accountId } : {}) })).body.searchResults as Array<{ transactionId: string }>;
