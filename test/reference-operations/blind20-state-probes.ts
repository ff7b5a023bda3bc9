import { enroll, status, items, addCard, obo, history, cardsWithHistory, type C } from './red-team-probe-kit.js';

/**
 * The blind20 probes of history, DeleteCard and the attribute operations; blind20-probes.ts spreads
 * them into its table.
 */

type Row = Record<string, string | number | null>;
const rows = async (c: C, query: Record<string, string | number>) => (await history(c, query)).body as { searchResults: Row[]; totalRecords?: number };
const cattr = (c: C, list: Array<[string, string]>) => c.call('add-customer-attributes', { body: { customerAttributes: items(list) } });
const sattr = (c: C, list: Array<[string, string]>, query?: Record<string, string>) =>
  c.call('add-session-attributes', { body: { sessionAttributes: items(list) }, ...(query ? { query } : {}) });
const withRequired = async (c: C, more: Array<[string, string]>) => {
  const { customerId, body } = await enroll(c);
  return cattr(c, [['CustomerId', customerId], ['SSN', body.ssn], ...more]);
};

export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  // GetTransactionHistory
  'blind20-history-approval-dates-date-only': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    return String((await rows(c, { customerId })).searchResults[0]?.finishedApprovalOn).length;
  },
  'blind20-history-total-excludes-declined': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    const page = await rows(c, { customerId, accountId: ids[0]! });
    return page.searchResults.length < 20 ? page.totalRecords === page.searchResults.length : (page.totalRecords ?? 0) >= 20;
  },
  'blind20-history-sorted-by-formatted-date-text': async (c) => {
    const { customerId } = await cardsWithHistory(c, 3);
    const list = (await rows(c, { customerId })).searchResults.map((r) => String(r.createdOn));
    return list.every((t, i) => i === 0 || list[i - 1]! >= t);
  },
  'blind20-version-query-history-total-missing': async (c) => 'totalRecords' in (await rows(c, { customerId: (await enroll(c)).customerId, apiVersion: '1' })),
  'blind20-history-total-from-previous-request': async (c) => {
    const { customerId } = await cardsWithHistory(c, 1);
    await rows(c, { customerId: (await enroll(c)).customerId });
    return (await rows(c, { customerId })).totalRecords;
  },
  'blind20-history-unknown-session-html': async (c) =>
    String((await c.call('get-transaction-history', { query: { customerId: (await enroll(c)).customerId }, headers: { sessionId: 'no-such-session' } })).headers['content-type']).split(';')[0],
  // DeleteCard
  'blind20-delete-validation-errors-missing': async (c) => Array.isArray((await c.call('delete-card', { body: { customerId: (await enroll(c)).customerId, cardId: 'bad' } })).body?.validationErrors),
  'blind20-delete-card-not-found-after-removal': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    return status(c.call('delete-card', { body: { customerId, cardId } }));
  },
  'blind20-version-query-delete-not-removed': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await c.call('delete-card', { body: { customerId, cardId }, query: { apiVersion: '1' } });
    return (await c.call('get-registered-cards', { query: { customerId } })).body?.cards?.length;
  },
  'blind20-bearer-challenge-missing-on-delete': async (c) =>
    typeof (await c.call('delete-card', { body: { customerId: (await enroll(c)).customerId, cardId: '00000000-0000-4000-8000-000000000001' }, without: ['authorization'] })).headers['www-authenticate'],
  // AddCustomerAttributes
  'blind20-cattr-check-cashed-amount-negative-accepted': async (c) => status(withRequired(c, [['AverageCheckCashedAmt', '-12.50']])),
  'blind20-cattr-key-index-after-name-sort': async (c) => (await withRequired(c, [['CurrentBalance', 'abc']])).body?.validationErrors?.map((e: { key: string }) => e.key),
  'blind20-cattr-validation-text-json': async (c) => String((await withRequired(c, [['CurrentBalance', 'abc']])).headers['content-type']).split(';')[0],
  // AddSessionAttributes
  'blind20-version-query-sattr-token-store-per-route': async (c) => {
    const { ssoToken } = await obo(c);
    return status(sattr(c, [['SsoToken', ssoToken]], { apiVersion: '1' }));
  },
  'blind20-sattr-invalid-information-error-code-missing': async (c) => {
    await obo(c);
    return (await sattr(c, [['SsoToken', 'not-the-token']])).body?.errorCode;
  },
  'blind20-sattr-id-filter-checked-on-first-five-cards': async (c) => {
    const { customerId } = await enroll(c);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await addCard(c, customerId, { cardNumber: `41111111111111${String(10 + i)}` }));
    const ssoToken = (await c.call('authenticate-obo', { body: { customerId } })).body.ssoToken as string;
    return status(sattr(c, [['SsoToken', ssoToken], ['AccountIdFilter', ids[5]!]]));
  },
};
