import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, errorRow, history, referenceOnlyErrors, transactionFields } from '../../contract/index.js';
import { cardsWithHistory, keys, startBench, tokenCardPayload, type Bench, type Reply } from './harness.js';

let b: Bench;
beforeAll(async () => { b = await startBench(); });
afterAll(async () => { await b.close(); });

const unknownGuid = '00000000-0000-4000-8000-000000000000';

function expectProblem(r: Reply, rowKey: string): void {
  const row = errorRow(rowKey);
  expect(r.status).toBe(row.status);
  expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject({ status: row.status, title: row.title, errorCode: row.errorCode });
}

describe('sessions (D3, D4)', () => {
  it('AuthenticatePartner returns a GUID sessionId header and {}', async () => {
    const r = await b.call('AuthenticatePartner', { body: { deviceId: 'd-1' } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect(String(r.headers.sessionid)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('AuthenticatePartner without deviceId is 400 command.DeviceId', async () => {
    const r = await b.call('AuthenticatePartner', { body: {} });
    expect(r.status).toBe(400);
    expect(keys(r)).toEqual(['command.DeviceId']);
  });

  it('missing, unknown or mismatched session headers are 401 UNAUTHORIZED with WWW-Authenticate', async () => {
    const body = { ssn: '123456789', dateOfBirth: '1990-04-01' };
    const cases = [
      await b.call('FindCustomer', { body, noSession: true }),
      await b.call('FindCustomer', { body, headers: { sessionId: unknownGuid } }),
      await b.call('FindCustomer', { body, headers: { deviceId: 'another-device' } }),
    ];
    for (const r of cases) {
      expectProblem(r, 'UNAUTHORIZED');
      expect(r.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('the session check runs before validation', async () => {
    expectProblem(await b.call('FindCustomer', { body: {}, noSession: true }), 'UNAUTHORIZED');
  });
});

describe('customers', () => {
  it('FindCustomer finds an enrolled customer by any date form (D9); no match is 422 (D8)', async () => {
    const { customerId, payload } = await b.enroll({ dateOfBirth: '1985/12/31' });
    for (const dateOfBirth of ['1985-12-31', '12/31/1985', '1985/12/31']) {
      const r = await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ customerId });
    }
    expectProblem(await b.call('FindCustomer', { body: { ssn: payload.ssn, dateOfBirth: '1985-12-30' } }), 'CUSTOMER_NOT_FOUND');
  });

  it('EnrollCustomer refuses a duplicate SSN and a duplicate e-mail in any case (D16)', async () => {
    const { payload } = await b.enroll();
    const dupSsn = await b.call('EnrollCustomer', { body: { ...payload, emailAddress: 'other@example.test' } });
    expect(dupSsn.status).toBe(422);
    expect(dupSsn.body).toMatchObject({ ErrorCode: referenceOnlyErrors.duplicateSsn.legacyCode });
    expect(dupSsn.body.ErrorMessage).toBeTruthy();
    const dupMail = await b.call('EnrollCustomer', { body: { ...payload, ssn: '999000111', emailAddress: String(payload.emailAddress).toUpperCase() } });
    expect(dupMail.status).toBe(422);
    expect(dupMail.body).toMatchObject({ ErrorCode: referenceOnlyErrors.duplicateEmail.legacyCode });
  });

  it('a validation problem names every invalid field', async () => {
    const r = await b.call('EnrollCustomer', { body: { gender: 'X' } });
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(keys(r)).toContain('command.Gender');
    expect(keys(r)).toContain('command.EmailAddress');
    expect(keys(r)).not.toContain('command.Title');
  });
});

describe('cards and their states', () => {
  it('add, identical resubmission, update, list, delete, re-add', async () => {
    const { customerId } = await b.enroll();
    const first = await b.addCard(customerId);
    expect(first.status).toBe(200);
    const card = first.body.cards[0];
    expect(Object.keys(card).sort()).toEqual(cardFields.map((f) => f.name).sort());
    expect(card).toMatchObject({ lastFourDigits: '1111', expirationMonthYear: '0427', customerId });
    expect(JSON.stringify(first.body)).not.toContain('4111111111111111');

    const same = await b.addCard(customerId);
    expect(same.body.cards[0].cardId).toBe(card.cardId);
    const changed = await b.addCard(customerId, { expirationMonthYear: '0529' });
    expect(changed.body.cards[0]).toMatchObject({ cardId: card.cardId, expirationMonthYear: '0529' });

    const list = await b.call('GetRegisteredCards', { query: { customerId } });
    expect(list.status).toBe(200);
    expect(list.body.cards).toEqual([expect.objectContaining({ cardId: card.cardId, expirationMonthYear: '0529' })]);

    expect((await b.call('DeleteCard', { body: { customerId, cardId: card.cardId } })).body).toEqual({});
    expect((await b.call('GetRegisteredCards', { query: { customerId } })).body.cards).toEqual([]);
    const again = await b.call('DeleteCard', { body: { customerId, cardId: card.cardId } });
    expect(again.status).toBe(422);
    expect(again.body.errorCode).toBe(referenceOnlyErrors.cardNotFound.errorCode);
    const readded = await b.addCard(customerId);
    expect(readded.body.cards[0].cardId).not.toBe(card.cardId);
  });

  it('D15: the declined number is 422 {ErrorCode, ErrorMessage} and the card is not listed', async () => {
    const { customerId } = await b.enroll();
    const r = await b.addCard(customerId, { cardNumber: '4000000000000002' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ ErrorCode: referenceOnlyErrors.cardAuthorizationFailed.legacyCode });
    expect((await b.call('GetRegisteredCards', { query: { customerId } })).body.cards).toEqual([]);
  });

  it('AddOrUpdateCard for an unknown customer is 422 CUSTOMER_NOT_FOUND; GetRegisteredCards lists nothing', async () => {
    expectProblem(await b.addCard(unknownGuid), 'CUSTOMER_NOT_FOUND');
    expect((await b.call('GetRegisteredCards', { query: { customerId: unknownGuid } })).body).toEqual({ cards: [] });
    const bad = await b.call('GetRegisteredCards', { query: { customerId: 'x' } });
    expect(keys(bad)).toEqual(['query.customerId']);
  });

  it('tokenized cards: **** without last four, denied BIN is 422 BAD_REQUEST "Error"', async () => {
    const { customerId } = await b.enroll();
    const { lastFourOfCard: _l, ...noLastFour } = tokenCardPayload(customerId);
    const ok = await b.call('AddOrUpdateTokenizedCard', { body: noLastFour });
    expect(ok.status).toBe(200);
    expect(ok.body.cards[0].lastFourDigits).toBe('****');
    expect(JSON.stringify(ok.body)).not.toContain('tok_abc123');
    expectProblem(await b.call('AddOrUpdateTokenizedCard', { body: tokenCardPayload(customerId, { cardToken: 't2', cardBin: '999999' }) }), 'BAD_REQUEST');
  });
});

describe('AuthenticateOBO and session attributes', () => {
  it('CUSTOMER_NOT_FOUND, NO_LINKED_ACCOUNT before a card, ssoToken after (D17)', async () => {
    expectProblem(await b.call('AuthenticateOBO', { body: { customerId: unknownGuid } }), 'CUSTOMER_NOT_FOUND');
    const { customerId } = await b.enroll();
    expectProblem(await b.call('AuthenticateOBO', { body: { customerId } }), 'NO_LINKED_ACCOUNT');
    await b.addCard(customerId);
    const r = await b.call('AuthenticateOBO', { body: { customerId } });
    expect(r.status).toBe(200);
    expect(typeof r.body.ssoToken).toBe('string');
  });

  it('D19: INVALID_INFORMATION before OBO, for a bad token, foreign card, both filters; success after', async () => {
    b.sessionId = await b.openSession();
    const { customerId } = await b.enroll();
    const cardId = (await b.addCard(customerId)).body.cards[0].cardId as string;
    const attrs = (items: Array<[string, string]>) => ({ sessionAttributes: items.map(([name, value]) => ({ name, value })) });
    expectProblem(await b.call('AddSessionAttributes', { body: attrs([['SsoToken', 'x']]) }), 'INVALID_INFORMATION');
    const ssoToken = (await b.call('AuthenticateOBO', { body: { customerId } })).body.ssoToken as string;
    expectProblem(await b.call('AddSessionAttributes', { body: attrs([['SsoToken', 'wrong']]) }), 'INVALID_INFORMATION');
    expectProblem(await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken], ['Bogus', '1']]) }), 'INVALID_INFORMATION');
    const foreign = await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken], ['AccountIdFilter', unknownGuid]]) });
    expectProblem(foreign, 'INVALID_INFORMATION');
    expect(foreign.body.detail).toContain('AccountIdFilter');
    expectProblem(await b.call('AddSessionAttributes', {
      body: attrs([['SsoToken', ssoToken], ['AccountIdFilter', cardId], ['AccountNumberFilter', '4111111111111111']]),
    }), 'INVALID_INFORMATION');
    const long = await b.call('AddSessionAttributes', { body: attrs([['SsoToken', 'x'.repeat(301)]]) });
    expect(keys(long)).toEqual(['command.SessionAttributes[0].Value']);
    for (const filter of [['AccountIdFilter', cardId], ['AccountNumberFilter', '4111111111111111']] as Array<[string, string]>) {
      const ok = await b.call('AddSessionAttributes', { body: attrs([['SsoToken', ssoToken], filter, ['PreferredEmail', 'a@b.test']]) });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({});
    }
  });

  it('AddCustomerAttributes: 200 {}, 422 CUSTOMER_NOT_FOUND, 400 keys (D20)', async () => {
    const { customerId, payload } = await b.enroll();
    const items = (id: string) => [{ name: 'CustomerId', value: id }, { name: 'SSN', value: String(payload.ssn) }, { name: 'DirectDeposit', value: 'True' }];
    const ok = await b.call('AddCustomerAttributes', { body: { customerAttributes: items(customerId) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({});
    expectProblem(await b.call('AddCustomerAttributes', { body: { customerAttributes: items(unknownGuid) } }), 'CUSTOMER_NOT_FOUND');
    const bad = await b.call('AddCustomerAttributes', { body: { customerAttributes: [{ name: 'SSN', value: '' }] } });
    expect(keys(bad).sort()).toEqual(['command.CustomerAttributes', 'command.CustomerAttributes[0].Value']);
  });
});

describe('transaction history (D21-D23)', () => {
  let customerId: string;
  let all: Array<Record<string, unknown>>;
  let cardIds: string[];

  beforeAll(async () => {
    ({ customerId } = await b.enroll());
    cardIds = await cardsWithHistory(b, customerId, 25);
    const r = await b.call('GetTransactionHistory', { query: { customerId, pageSize: 0 } });
    all = r.body[history.listMember];
    expect(r.body[history.totalMember]).toBeGreaterThanOrEqual(25);
  });

  it('newest first, every Transaction field typed, default page 20', async () => {
    expect(all.length).toBe(Math.min(history.defaultPageSize, all.length));
    const dates = all.map((t) => String(t.createdOn));
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const t of all) {
      expect(Object.keys(t).sort()).toEqual(transactionFields.map((f) => f.name).sort());
      for (const f of transactionFields) {
        if (f.type === 'int') expect(Number.isInteger(t[f.name])).toBe(true);
        if (f.type === 'timestamp') expect(String(t[f.name])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      }
    }
  });

  it('pageSize and paging by reference; totalRecords stable; unknown reference empty', async () => {
    const first = await b.call('GetTransactionHistory', { query: { customerId, pageSize: 3 } });
    expect(first.body.searchResults).toEqual(all.slice(0, 3));
    const ref = String(all[2]!.transactionId);
    const next = await b.call('GetTransactionHistory', { query: { customerId, pageSize: 3, pagingTransactionReferenceNumber: ref } });
    expect(next.body.searchResults).toEqual(all.slice(2, 5));
    expect(next.body.totalRecords).toBe(first.body.totalRecords);
    const none = await b.call('GetTransactionHistory', { query: { customerId, pagingTransactionReferenceNumber: unknownGuid } });
    expect(none.body.searchResults).toEqual([]);
    expect(keys(await b.call('GetTransactionHistory', { query: { customerId, pageSize: 11 } }))).toEqual(['query.pageSize']);
    expect(keys(await b.call('GetTransactionHistory', { query: { customerId, pageSize: -1 } }))).toEqual(['query.pageSize']);
    expect(keys(await b.call('GetTransactionHistory', { query: {} }))).toEqual(['query.customerId']);
  });

  it('accountId limits history to that card; the totals add up', async () => {
    let sum = 0;
    for (const accountId of cardIds) {
      const r = await b.call('GetTransactionHistory', { query: { customerId, accountId } });
      const last4 = (await b.call('GetRegisteredCards', { query: { customerId } })).body.cards.find((c: { cardId: string }) => c.cardId === accountId).lastFourDigits;
      for (const t of r.body.searchResults) expect(t.lastFourDigitsOfCard).toBe(last4);
      sum += r.body.totalRecords;
    }
    const total = (await b.call('GetTransactionHistory', { query: { customerId } })).body.totalRecords;
    expect(sum).toBe(total);
    expect((await b.call('GetTransactionHistory', { query: { customerId, accountId: unknownGuid } })).body).toEqual({ searchResults: [], totalRecords: 0 });
  });
});
