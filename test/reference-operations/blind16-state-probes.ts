import { unknownGuid, enrollBody, cardBody, tokenBody, enroll, status, items, addCard, history, firstPage, obo, cardsWithHistory, type C } from './red-team-probe-kit.js';

/** The blind16 probes of state, sequences, ownership and caching (blind16-probes.ts holds the rest and merges these). */

const cards = async (c: C, customerId: string) => (await c.call('get-registered-cards', { query: { customerId } })).body.cards as Array<{ cardId: string; customerId: string }>;
const find = (c: C, ssn: string, dateOfBirth: string) => status(c.call('find-customer', { body: { ssn, dateOfBirth } }));

export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  'blind16-find-dob-year-ignored': async (c) => find(c, (await enroll(c, { dateOfBirth: '1990-04-01' })).body.ssn, '1991-04-01'),
  'blind16-find-stale-after-refused-duplicate': async (c) => {
    const { body } = await enroll(c, { dateOfBirth: '1980-01-02' });
    await c.call('enroll-customer', { body: enrollBody({ ssn: body.ssn, dateOfBirth: '1985-05-06' }) });
    return find(c, body.ssn, '1980-01-02');
  },
  'blind16-enroll-dob-stored-day-earlier': async (c) => {
    const { body } = await enroll(c);
    return find(c, body.ssn, body.dateOfBirth);
  },
  'blind16-cards-cached-per-session': async (c) => {
    const { customerId: first } = await enroll(c);
    await addCard(c, first);
    const { customerId: second } = await enroll(c);
    await addCard(c, second, { cardNumber: '5500000000000004' });
    await cards(c, first);
    return (await cards(c, second)).map((x) => x.customerId === second);
  },
  'blind16-cards-updated-card-listed-twice': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { expirationMonthYear: '1130' });
    return (await cards(c, customerId)).length;
  },
  'blind16-card-null-name-on-card-lookup-misses': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId);
    return (await cards(c, customerId)).length;
  },
  'blind16-tcard-network-check-cached-per-customer': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-tokenized-card', { body: tokenBody(customerId) });
    return status(c.call('add-or-update-tokenized-card', { body: tokenBody(customerId, { cardBin: '999999' }) }));
  },
  'blind16-obo-no-linked-after-card-update': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { expirationMonthYear: '1130' });
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  'blind16-history-page-size-remembered-in-session': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    await history(c, { customerId, pageSize: 2 });
    return (await history(c, { customerId })).body.searchResults.length;
  },
  'blind16-history-paging-keyset-on-transaction-id': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    const page = await firstPage(c, customerId, ids[0]);
    const pages = [];
    for (const ref of page.slice(0, 3))
      pages.push((await history(c, { customerId, accountId: ids[0]!, pagingTransactionReferenceNumber: ref.transactionId, pageSize: 10 })).body.searchResults.map((t: { transactionId: string }) => t.transactionId));
    return pages;
  },
  'blind16-delete-readd-identical-answered-from-cache': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await c.call('delete-card', { body: { customerId, cardId } });
    const again = (await c.call('add-or-update-card', { body: cardBody(customerId) })).body.cards[0].cardId;
    return [again === cardId, (await cards(c, customerId)).length];
  },
  'blind16-sattr-filter-validation-cached-per-session': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    await c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', cardId]]) } });
    return status(c.call('add-session-attributes', { body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) } }));
  },
};
