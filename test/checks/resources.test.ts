import { describe, expect, it } from 'vitest';
import { cardsMatchSchema, historyMatchesSchema, noCardNumberInCards, noSecretEcho } from '../../checks/index.js';
import { exchange } from './fixtures.js';

const guid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const card = (over: Record<string, unknown> = {}) => ({
  cardId: guid, customerId: guid, cardNickname: 'Main', cardProgram: 'P', lastFourDigits: '1111', showTermsAndConditions: false,
  termsAndConditionsId: '', issuerType: 1, expirationMonthYear: '0427', cardProgramPhone: '', currentCardMin: 0, currentCardMax: 0,
  cardArtAsBase64Png: '', hashId: '', ...over,
});
const cards = (operation: string, ...list: unknown[]) => exchange({ operation, status: 200, body: { cards: list } });

describe('cardsMatchSchema', () => {
  it('passes full cards, `****`, and empty fields after add-or-update', () => {
    expect(cardsMatchSchema(cards('GetRegisteredCards', card(), card({ lastFourDigits: '****' })), undefined)).toEqual([]);
    expect(cardsMatchSchema(cards('AddOrUpdateCard', card({ customerId: '', expirationMonthYear: '' })), undefined)).toEqual([]);
  });
  it('passes a card list without hashId (D32), a hashId string where present, and card art in base64 or empty', () => {
    expect(cardsMatchSchema(cards('GetRegisteredCards', card({ hashId: undefined }), card({ hashId: 'ab12' })), undefined)).toEqual([]);
    expect(cardsMatchSchema(cards('GetRegisteredCards', card({ cardArtAsBase64Png: 'iVBORw0KGgo=' }), card({ cardArtAsBase64Png: 'iVBORw0KGgoA' })), undefined)).toEqual([]);
  });
  it('fails hashId missing after add-or-update or not a string, and card art that is not base64', () => {
    expect(cardsMatchSchema(cards('AddOrUpdateCard', card({ hashId: undefined })), undefined)[0]?.message).toMatch(/cards\[0\]\.hashId is required/);
    expect(cardsMatchSchema(cards('GetRegisteredCards', card({ hashId: 7 })), undefined)).toHaveLength(1);
    for (const art of ['not base64!', 'iVBORw0KGgo', 'iVBO\nRw0K'])
      expect(cardsMatchSchema(cards('GetRegisteredCards', card({ cardArtAsBase64Png: art })), undefined), art).toHaveLength(1);
  });
  it('fails missing and mistyped fields, and an empty expiration in the card list', () => {
    const [f] = cardsMatchSchema(cards('GetRegisteredCards', card({ issuerType: '1', expirationMonthYear: '1327', cardProgram: undefined })), undefined);
    expect(f?.message).toMatchInlineSnapshot(`"Received cards[0].cardProgram is required, cards[0].issuerType must be integer, cards[0].expirationMonthYear must match pattern "^(0[1-9]|1[0-2])[0-9]{2}$"; documented cards carry every Card field with its type; expirationMonthYear is MMYY; cardArtAsBase64Png is base64 or empty"`);
    expect(cardsMatchSchema(cards('GetRegisteredCards', card({ expirationMonthYear: '' })), undefined)).toHaveLength(1);
    expect(cardsMatchSchema(cards('AddOrUpdateCard', card({ cardId: '' })), undefined)).toHaveLength(1);
  });
  it('deduplicates the same field wrong on many cards', () => {
    const [a] = cardsMatchSchema(cards('GetRegisteredCards', card({ issuerType: 'x' })), undefined);
    const [b] = cardsMatchSchema(cards('GetRegisteredCards', card(), card({ issuerType: 'y' })), undefined);
    expect(a?.dedupKey).toBe(b?.dedupKey);
  });
});

describe('noCardNumberInCards', () => {
  it('passes last four digits and fails a card-number member or a sent number', () => {
    expect(noCardNumberInCards(cards('GetRegisteredCards', card()), { cardNumbers: ['4111111111111111'] })).toEqual([]);
    expect(noCardNumberInCards(cards('GetRegisteredCards', card({ cardNumber: '4111111111111111' })), {})).toHaveLength(1);
    expect(noCardNumberInCards(cards('GetRegisteredCards', card({ hashId: '4111111111111111' })), { cardNumbers: ['4111111111111111'] })).toHaveLength(1);
  });
});

const tx = (over: Record<string, unknown> = {}) => ({
  transactionId: guid, statusCode: 0, statusMessage: '', state: 1, processingStatus: 1, classificationStatus: 1, loadStatus: 1,
  declineReasonCode: 0, declineReasonMessage: '', pickupLocationId: 0, mobileTransactionTypeId: 1, amount: 100, fee: 1, ocrAmount: 100,
  userEnteredAmount: 100, loadAmount: 99, createdOn: '2024-05-01T10:00:00Z', submittedForClassificationOn: '2024-05-01T10:00:01+00:00',
  finishedClassificationOn: '2024-05-01T10:00:02.123Z', submittedForApprovalOn: '2024-05-01T10:00:03Z', finishedApprovalOn: '2024-05-01T10:00:04Z',
  expectedLoadDate: '2024-05-02T00:00:00Z', actualLoadDate: '2024-05-02T00:00:00Z', lastFourDigitsOfCard: '1111', cardNickname: 'Main',
  destinationDisplayName: 'Card', ...over,
});
const hist = (...list: unknown[]) => exchange({ operation: 'GetTransactionHistory', status: 200, body: { searchResults: list, totalRecords: list.length } });

describe('historyMatchesSchema', () => {
  it('passes Z and +00:00 timestamps', () => {
    expect(historyMatchesSchema(hist(tx()), undefined)).toEqual([]);
  });
  it('passes null or absent timestamps of events not yet happened, but not of createdOn (D36)', () => {
    expect(historyMatchesSchema(hist(tx({ finishedApprovalOn: null, actualLoadDate: undefined, expectedLoadDate: null })), undefined)).toEqual([]);
    expect(historyMatchesSchema(hist(tx({ createdOn: null })), undefined)).toHaveLength(1);
    expect(historyMatchesSchema(hist(tx({ createdOn: undefined })), undefined)).toHaveLength(1);
    expect(historyMatchesSchema(hist(tx({ actualLoadDate: 'soon' })), undefined)).toHaveLength(1);
    expect(historyMatchesSchema(hist(tx({ actualLoadDate: 0 })), undefined)).toHaveLength(1);
  });
  it('fails a local offset, a time without zone and a string amount', () => {
    const [f] = historyMatchesSchema(hist(tx({ createdOn: '2024-05-01T12:00:00+02:00', actualLoadDate: '2024-05-02T00:00:00', amount: '1.00' })), undefined);
    expect(f?.evidence?.issues).toHaveLength(3);
    expect(f?.message).toMatchInlineSnapshot(`"Received searchResults[0].amount must be integer, searchResults[0].actualLoadDate must match format "date-time", searchResults[0].createdOn must be in UTC (Z or +00:00); documented transactions carry every Transaction field with its type; createdOn and every other timestamp present ISO 8601 UTC"`);
  });
});

describe('noSecretEcho', () => {
  const x = (body: unknown, headers: Record<string, string> = {}) => exchange({ status: 400, body, headers });
  it('passes masked values, short values and a number inside a longer digit run', () => {
    expect(noSecretEcho(x({ lastFour: '************1111', code: '1234' }), { sent: ['4111111111111111', '1234'] })).toEqual([]);
    expect(noSecretEcho(x({ id: '91234567890' }), { sent: ['123456789'] })).toEqual([]);
  });
  it('finds a value in the body, in an escaped JSON string, and in a header', () => {
    const [f] = noSecretEcho(x({ detail: 'card 4111111111111111 declined' }), { sent: ['4111111111111111'] });
    expect(f?.message).toMatchInlineSnapshot(`"Received a sensitive value sent (16 characters) in the body; documented no card number, card token, SSN or client secret sent appears in a response"`);
    // The finding never carries the secret, not even in part: masking is the client's (client/redaction.ts).
    expect(JSON.stringify(f)).not.toMatch(/4111|1111/);
    expect(noSecretEcho(exchange({ status: 400, bodyText: '{"t":"tok\\/abc+def=="}' }), { sent: ['tok/abc+def=='] })).toHaveLength(1);
    expect(noSecretEcho(x({}, { 'x-debug': 'secret=s3cr3t-value' }), { sent: ['s3cr3t-value'] })[0]?.evidence?.where).toEqual(['header x-debug']);
  });
});
