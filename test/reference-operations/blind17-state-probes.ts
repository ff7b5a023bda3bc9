import { unknownGuid, enrollBody, cardBody, tokenBody, enroll, status, items, addCard, history, obo, cardsWithHistory, type C } from './red-team-probe-kit.js';
import { RedTeamClient as Client } from './red-team-client.js';

/** The blind17 probes of state, sequences, paging and ownership (blind17-probes.ts holds the rest and merges these). */

type Card = { cardId: string; expirationMonthYear: string };
const cards = async (c: C, customerId: string) => (await c.call('get-registered-cards', { query: { customerId } })).body.cards as Card[];
const find = (c: C, ssn: string, dateOfBirth: string) => c.call('find-customer', { body: { ssn, dateOfBirth } });
const tcard = (c: C, body: Record<string, unknown>) => c.call('add-or-update-tokenized-card', { body });

export const stateProbes: Record<string, (c: C) => Promise<unknown>> = {
  // FindCustomer and EnrollCustomer
  'blind17-find-cardless-customer-not-found': async (c) => {
    const { body } = await enroll(c);
    return status(find(c, body.ssn, body.dateOfBirth));
  },
  'blind17-find-slashed-dob-local-midnight': async (c) => status(find(c, (await enroll(c, { dateOfBirth: '1990-04-01' })).body.ssn, '1990/04/01')),
  'blind17-find-dob-lenient-day-rollover': async (c) => status(find(c, (await enroll(c, { dateOfBirth: '1990-03-02' })).body.ssn, '1990-02-30')),
  'blind17-enroll-referral-customer-id-not-stored': async (c) => {
    const { customerId, body } = await enroll(c, { referrerCode: 'REF42' });
    return (await find(c, body.ssn, body.dateOfBirth)).body.customerId === customerId;
  },
  'blind17-enroll-refused-email-duplicate-keeps-customer': async (c) => {
    const first = await enroll(c);
    const second = enrollBody({ emailAddress: first.body.emailAddress, dateOfBirth: '1985-05-06' });
    await c.call('enroll-customer', { body: second });
    return status(find(c, second.ssn, second.dateOfBirth));
  },
  // Card lists and card writes
  'blind17-cards-token-cards-hidden-beside-number-cards': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await tcard(c, tokenBody(customerId));
    return (await cards(c, customerId)).length;
  },
  'blind17-cards-token-expiration-empty-in-list': async (c) => {
    const { customerId } = await enroll(c);
    await tcard(c, tokenBody(customerId));
    return (await cards(c, customerId)).map((x) => x.expirationMonthYear);
  },
  'blind17-card-update-reply-lists-every-card': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { cardNumber: '5500000000000004' });
    return (await c.call('add-or-update-card', { body: cardBody(customerId, { expirationMonthYear: '1130' }) })).body.cards.length;
  },
  'blind17-card-identical-check-reads-insert-cache': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    await addCard(c, customerId, { expirationMonthYear: '1130' });
    await addCard(c, customerId);
    return (await cards(c, customerId)).map((x) => x.expirationMonthYear);
  },
  'blind17-tcard-denied-card-still-listed': async (c) => {
    const { customerId } = await enroll(c);
    await tcard(c, tokenBody(customerId, { cardBin: '999999' }));
    return (await cards(c, customerId)).length;
  },
  // AuthenticateOBO
  'blind17-obo-linked-check-session-cards-only': async (c) => {
    const { customerId } = await enroll(c);
    await addCard(c, customerId);
    const other = new Client(c.ref, c.agent);
    await other.open();
    return status(other.call('authenticate-obo', { body: { customerId } }));
  },
  'blind17-obo-declined-card-counts-as-linked': async (c) => {
    const { customerId } = await enroll(c);
    await c.call('add-or-update-card', { body: cardBody(customerId, { cardNumber: '4000000000000002' }) });
    return status(c.call('authenticate-obo', { body: { customerId } }));
  },
  // GetTransactionHistory
  'blind17-history-page-size-applied-per-card': async (c) => {
    const { customerId } = await cardsWithHistory(c, 2);
    return (await history(c, { customerId, pageSize: 3 })).body.searchResults.length;
  },
  'blind17-history-last-four-missing-with-account': async (c) => {
    const { customerId, ids } = await cardsWithHistory(c, 1);
    return 'lastFourDigitsOfCard' in (await history(c, { customerId, accountId: ids[0]! })).body.searchResults[0];
  },
  'blind17-history-total-of-reference-card-when-paging': async (c) => {
    const { customerId } = await cardsWithHistory(c, 2);
    const first = (await history(c, { customerId })).body;
    const reference = first.searchResults[1].transactionId as string;
    return (await history(c, { customerId, pagingTransactionReferenceNumber: reference, pageSize: 5 })).body.totalRecords === first.totalRecords;
  },
  // DeleteCard and AddSessionAttributes
  'blind17-delete-owner-check-skipped-for-unknown-customer': async (c) => {
    const { customerId } = await enroll(c);
    const cardId = await addCard(c, customerId);
    await c.call('delete-card', { body: { customerId: unknownGuid, cardId } });
    return (await cards(c, customerId)).length;
  },
  'blind17-sattr-both-filters-same-card-accepted': async (c) => {
    const { cardId, ssoToken } = await obo(c);
    return status(c.call('add-session-attributes', {
      body: { sessionAttributes: items([['SsoToken', ssoToken], ['AccountIdFilter', cardId], ['AccountNumberFilter', cardBody('').cardNumber]]) },
    }));
  },
};
