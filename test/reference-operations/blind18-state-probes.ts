import { cardBody, tokenBody, enroll, status, items, addCard, obo, history, cardsWithHistory, type C } from './red-team-probe-kit.js';

/**
 * The blind18 probes of state and sequences (card writes and lists, OBO, history paging, DeleteCard,
 * session attributes); blind18-probes.ts spreads them into its table.
 */

const cardsOf = async (c: C, customerId: string) => (await c.call('get-registered-cards', { query: { customerId } })).body.cards as Array<Record<string, unknown>>;
const sattr = (c: C, list: Array<[string, string]>) => status(c.call('add-session-attributes', { body: { sessionAttributes: items(list) } }));
type Row = { transactionId: string; createdOn: string; lastFourDigitsOfCard: string };
const rows = async (c: C, query: Record<string, string | number>, headers?: Record<string, string>) =>
  (await c.call('get-transaction-history', { query, ...(headers ? { headers } : {}) })).body as { searchResults: Row[]; totalRecords: number };

/** The second transaction of a card's history, and the card (a card with 3 or more). */
async function secondOf(c: C) {
  const { customerId, ids } = await cardsWithHistory(c, 1);
  const first = await rows(c, { customerId, accountId: ids[0]!, pageSize: 2 });
  return { customerId, accountId: ids[0]!, reference: first.searchResults[1]!.transactionId, total: first.totalRecords };
}

export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  'blind18-cards-same-number-other-customer-listed': async (c) => {
    const a = (await enroll(c)).customerId;
    await addCard(c, a);
    await addCard(c, (await enroll(c)).customerId);
    return (await cardsOf(c, a)).length;
  },
  'blind18-card-update-matched-by-last-four-and-expiry': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '4000000000001111' });
    return (await cardsOf(c, customerId)).length;
  },
  'blind18-card-reply-customer-id-of-obo-customer': async (c) => {
    await obo(c);
    const { customerId } = await enroll(c);
    return (await c.call('add-or-update-card', { body: cardBody(customerId) })).body.cards?.[0]?.customerId === customerId;
  },
  // AuthenticateOBO
  'blind18-obo-linked-counts-deleted-cards': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await c.call('delete-card', { body: { customerId, cardId } });
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  'blind18-obo-failed-call-overwrites-session-customer': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    await c.call('authenticate-obo', { body: { customerId: (await enroll(c)).customerId } });
    return sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', cardId]]);
  },
  'blind18-obo-linked-check-reads-card-list-cache': async (c) => {
    const { customerId } = await enroll(c);
    await cardsOf(c, customerId);
    await addCard(c, customerId);
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  'blind18-obo-card-id-taken-for-customer-id': async (c) => {
    const cardId = await addCard(c, (await enroll(c)).customerId);
    return status(c.call('authenticate-obo', { body: { customerId: cardId } }));
  },
  // GetTransactionHistory
  'blind18-history-later-page-size-default': async (c) => {
    const { customerId, accountId, reference } = await secondOf(c);
    return (await rows(c, { customerId, accountId, pagingTransactionReferenceNumber: reference, pageSize: 1 })).searchResults.length;
  },
  'blind18-history-total-counts-from-reference': async (c) => {
    const { customerId, accountId, reference, total } = await secondOf(c);
    return (await rows(c, { customerId, accountId, pagingTransactionReferenceNumber: reference, pageSize: 1 })).totalRecords === total;
  },
  'blind18-history-last-four-of-first-card': async (c) => {
    const { customerId, ids, numbers } = await cardsWithHistory(c, 2);
    return (await rows(c, { customerId, accountId: ids[1]!, pageSize: 1 })).searchResults[0]?.lastFourDigitsOfCard === numbers[1]!.slice(-4);
  },
  'blind18-history-token-card-transactions-appended-unsorted': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    await cardsWithHistory(c, 1, { customerId, tokens: true });
    const list = (await rows(c, { customerId })).searchResults;
    return list.every((t, i) => i === 0 || list[i - 1]!.createdOn >= t.createdOn);
  },
  'blind18-version-header-history-page-size-ignored': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    return (await rows(c, { customerId, accountId: ids[0]!, pageSize: 1 }, { apiVersion: '1' })).searchResults.length;
  },
  // DeleteCard
  'blind18-delete-owner-checked-against-obo-customer': async (c) => {
    const { customerId, cardId } = await obo(c);
    await c.call('delete-card', { body: { customerId: (await enroll(c)).customerId, cardId } });
    return (await cardsOf(c, customerId)).length;
  },
  'blind18-delete-history-moved-to-next-card': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 2);
    const before = (await rows(c, { customerId, accountId: ids[1]! })).totalRecords;
    await c.call('delete-card', { body: { customerId, cardId: ids[0]! } });
    return (await rows(c, { customerId, accountId: ids[1]! })).totalRecords - before;
  },
  'blind18-delete-token-index-left-readd-not-stored': async (c) => {
    const { customerId } = await enroll(c);
    const body = tokenBody(customerId);
    const cardId = (await c.call('add-or-update-tokenized-card', { body })).body.cards[0].cardId as string;
    await c.call('delete-card', { body: { customerId, cardId } });
    await c.call('add-or-update-tokenized-card', { body });
    return (await cardsOf(c, customerId)).length;
  },
  // AddSessionAttributes
  'blind18-sattr-sso-token-column-truncated': async (c) => {
    const { ssoToken } = await obo(c);
    const forged = `${ssoToken.slice(0, 16)}${[...ssoToken.slice(16)].map((ch) => (ch === 'A' ? 'B' : 'A')).join('')}`;
    return sattr(c, [['SsoToken', forged], ['PreferredEmail', 'pat@example.com']]);
  },
  'blind18-sattr-id-filter-trailing-comma-500': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', `${cardId},`]]);
  },
  'blind18-sattr-id-filter-cards-snapshot-at-obo': async (c) => {
    const { customerId, ssoToken } = await obo(c);
    const second = await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', second]]);
  },
  'blind18-sattr-both-filters-empty-number-list-accepted': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', cardId], ['AccountNumberFilter', ',']]);
  },
};
