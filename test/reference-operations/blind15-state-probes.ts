import { enrollBody, enroll, status, addCard, history, firstPage, cardsWithHistory, type C } from './red-team-probe-kit.js';
import { unique } from './red-team-client.js';

/** The blind15 probes of state, sequences, ownership and caching (blind15-probes.ts holds the rest and merges these). */
export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  'blind15-cards-list-cached-after-add': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await c.call('get-registered-cards', { query: { customerId } });
    await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-card-expiration-change-adds-card': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { expirationMonthYear: '1130' });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-history-joined-by-number-across-customers': async (c) => {
    const { numbers } = await cardsWithHistory(c, 1);
    const { customerId } = await enroll(c);
    await addCard(c, customerId, { cardNumber: numbers[0] });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-history-reference-other-customer-page': async (c) => {
    const { customerId: owner } = await cardsWithHistory(c, 1);
    const ref = (await firstPage(c, owner))[1]!.transactionId;
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    const r = await history(c, { customerId, pagingTransactionReferenceNumber: ref });
    return [r.status, r.body?.searchResults?.length ?? 0];
  },
  'blind15-history-total-excludes-token-cards': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1, { tokens: true });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-history-cached-after-add': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await history(c, { customerId });
    await cardsWithHistory(c, 1, { customerId });
    return (await history(c, { customerId })).body.totalRecords;
  },
  'blind15-delete-removes-same-last-four': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '5500000000001111' });
    await c.call('delete-card', { body: { customerId, cardId } });
    return (await c.call('get-registered-cards', { query: { customerId } })).body.cards.length;
  },
  'blind15-enroll-race-unique-index-500': async (c) => {
    const body = enrollBody();
    const answers = await Promise.all([c.call('enroll-customer', { body }), c.call('enroll-customer', { body })]);
    return answers.map((a) => a.status).sort();
  },
  'blind15-find-matches-dob-when-ssn-misses': async (c) => {
    await enroll(c, { dateOfBirth: '1971-06-05' });
    return status(c.call('find-customer', { body: { ssn: unique(9), dateOfBirth: '1971-06-05' } }));
  },
  'blind15-history-last-page-wraps': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    let page = await firstPage(c, customerId, ids[0]);
    for (let i = 0; i < 8; i++) {
      page = (await history(c, { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: page.at(-1)!.transactionId, pageSize: 10 })).body.searchResults;
      if (page.length < 10) break;
    }
    return page.map((t) => t.transactionId);
  },
  'blind15-history-total-unfiltered-when-paging-account': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 2);
    const ref = (await firstPage(c, customerId, ids[0]))[1]!.transactionId;
    return (await history(c, { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: ref })).body.totalRecords;
  },
  'blind15-enroll-slashed-dob-day-month-swapped': async (c) => {
    const { body } = await enroll(c, { dateOfBirth: '1990/04/07' });
    return status(c.call('find-customer', { body: { ssn: body.ssn, dateOfBirth: '1990-04-07' } }));
  },
};
