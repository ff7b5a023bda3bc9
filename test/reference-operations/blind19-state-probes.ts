import { cardBody, tokenBody, enroll, status, items, addCard, obo, history, cardsWithHistory, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client } from './red-team-client.js';

/**
 * The blind19 probes of AuthenticateOBO, history, DeleteCard and the attribute operations;
 * blind19-probes.ts spreads them into its table.
 */

type Row = { transactionId: string; expectedLoadDate: string; destinationDisplayName: unknown };
const rows = async (c: C, query: Record<string, string | number>) => (await history(c, query)).body as { searchResults: Row[]; totalRecords: number };
const sattr = (c: C, list: Array<[string, string]>, headers?: Record<string, string>) =>
  c.call('add-session-attributes', { body: { sessionAttributes: items(list) }, ...(headers ? { headers } : {}) });

export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  // AuthenticateOBO
  'blind19-obo-linked-after-tcard-denied': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-tokenized-card', { body: tokenBody(customerId, { cardBin: '999999' }) });
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  'blind19-obo-reply-cached-across-sessions': async (c) => {
    const { customerId } = await obo(c);
    const other = new Client(c.ref, c.agent);
    await other.open();
    const ssoToken = (await other.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
    return status(sattr(other, [['SsoToken', ssoToken]]));
  },
  'blind19-obo-linked-check-reads-lagging-replica': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  // GetTransactionHistory
  'blind19-history-expected-load-date-ms-json-date': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    return (await rows(c, { customerId })).searchResults[0]?.expectedLoadDate.startsWith('/Date(');
  },
  'blind19-history-destination-name-null-for-token-cards': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1, { tokens: true });
    return (await rows(c, { customerId })).searchResults[0]?.destinationDisplayName;
  },
  'blind19-history-paging-end-string-concatenated': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    const first = await rows(c, { customerId, accountId: ids[0]!, pageSize: 2 });
    return (await rows(c, { customerId, accountId: ids[0]!, pageSize: 2, pagingTransactionReferenceNumber: first.searchResults[1]!.transactionId })).searchResults.length;
  },
  'blind19-history-cache-key-ignores-paging-reference': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    const first = await rows(c, { customerId, accountId: ids[0]!, pageSize: 2 });
    return (await rows(c, { customerId, accountId: ids[0]!, pageSize: 2, pagingTransactionReferenceNumber: first.searchResults[1]!.transactionId })).searchResults[0]?.transactionId
      === first.searchResults[1]!.transactionId;
  },
  'blind19-history-page-size-compared-as-string': async (c) => status(history(c, { customerId: (await enroll(c)).customerId, pageSize: 3 })),
  // DeleteCard
  'blind19-delete-customer-id-whitespace-trimmed': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(c.call('delete-card', { body: { customerId: ` ${customerId} `, cardId } }));
  },
  'blind19-delete-readd-changed-expiry-same-id': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await c.call('delete-card', { body: { customerId, cardId } });
    return (await c.call('add-or-update-card', { body: cardBody(customerId, { expirationMonthYear: '1130' }) })).body.cards?.[0]?.cardId === cardId;
  },
  // AddCustomerAttributes
  'blind19-cattr-returned-balance-leading-dot-accepted': async (c) => {
    const { customerId, body } = await enroll(c);
    return status(c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['BalanceOnReturnedChecks', '.50']]) } }));
  },
  'blind19-cattr-key-index-is-attribute-name': async (c) => {
    const { customerId, body } = await enroll(c);
    const r = await c.call('add-customer-attributes', { body: { customerAttributes: items([['CustomerId', customerId], ['SSN', body.ssn], ['CurrentBalance', 'abc']]) } });
    return r.body.validationErrors?.map((e: { key: string }) => e.key);
  },
  'blind19-allow-list-cattr-exempt': async (c) => status(c.call('add-customer-attributes', { body: {} })),
  // AddSessionAttributes
  'blind19-sattr-number-filter-deleted-card-accepted': async (c) => {
    const { customerId, ssoToken } = await obo(c);
    const other = await addCard(c, customerId, { cardNumber: '5500000000000004' });
    await c.call('delete-card', { body: { customerId, cardId: other } });
    return status(sattr(c, [['SsoToken', ssoToken], ['AccountNumberFilter', '5500000000000004']]));
  },
  'blind19-version-header-sattr-both-filters-accepted': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return status(sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', cardId], ['AccountNumberFilter', '4111111111111111']], { apiVersion: '1' }));
  },
  'blind19-sattr-values-lowercased-token-filter-refused': async (c) => {
    const { customerId } = await enroll(c);
    const cardToken = `tok_UPPER${Date.now()}`;
    await c.call('add-or-update-tokenized-card', { body: tokenBody(customerId, { cardToken }) });
    const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
    return status(sattr(c, [['SsoToken', ssoToken], ['AccountNumberFilter', cardToken]]));
  },
};
