import { describe, expect, it } from 'vitest';
import { defaultPlan } from '../../certification/default-plan.js';
import { tokenRenew, tokenReuse } from '../../certification/grades/tokens.js';
import { sessionDevice, sessionFirst, sessionRenew } from '../../certification/grades/sessions.js';
import { noBlindRetry, noRetry4xx, retryAfter, retryBackoff, retryTransient } from '../../certification/grades/retries.js';
import { apiVersionSent, looksLikeCardNumber, rate, tlsVersion, tokenNotPan } from '../../certification/grades/hygiene.js';
import { call, issue, open, script } from './synthetic.js';

/** Each grading function on hand-made observations: it can pass, it can fail, and without an occasion it is not covered. */
const plan = defaultPlan();
const find = { ssn: '123456789', dateOfBirth: '1980-01-02' };
const expired = { status: 401, planned: 'TOKEN_EXPIRED', replyHeaders: { 'www-authenticate': 'Bearer error="invalid_token"' } };
const lost = { status: 401, planned: 'SESSION_LOST', replyHeaders: { 'www-authenticate': 'Bearer' } };
const unavailable = { status: 503, planned: 'UNAVAILABLE', replyHeaders: { 'retry-after': '1' } };

describe('token grades', () => {
  it('CLIENT-TOKEN-REUSE passes one token for many calls, fails a token per call, is not covered without calls', () => {
    expect(tokenReuse(script([issue(0, 't1'), open(10, 's1', 'd1'), call('FindCustomer', 20), call('FindCustomer', 30)]), plan).status).toBe('passed');
    const perCall = script([issue(0, 't1'), open(10, 's1', 'd1'), issue(20, 't2'), call('FindCustomer', 30, { bearer: 't2' })]);
    expect(tokenReuse(perCall, plan)).toMatchObject({ status: 'failed', reason: expect.stringContaining('3600 s') });
    expect(tokenReuse(script([issue(0, 't1')]), plan).status).toBe('not-covered');
  });

  it('CLIENT-TOKEN-REUSE accepts a new token after a refusal or close to expiry', () => {
    const refused = script([issue(0, 't1'), call('FindCustomer', 10, expired), issue(20, 't2'), call('FindCustomer', 30, { bearer: 't2' })]);
    expect(tokenReuse(refused, plan).status).toBe('passed');
    const nearExpiry = script([issue(0, 't1', 310), call('FindCustomer', 10), issue(20_000, 't2'), call('FindCustomer', 20_010, { bearer: 't2' })]);
    expect(tokenReuse(nearExpiry, plan).status).toBe('passed');
  });

  it('CLIENT-TOKEN-RENEW passes a fresh token after the 401 and fails the refused one presented again', () => {
    expect(tokenRenew(script([issue(0, 't1'), call('FindCustomer', 10, expired), issue(20, 't2'), call('FindCustomer', 30, { bearer: 't2' })])).status).toBe('passed');
    expect(tokenRenew(script([issue(0, 't1'), call('FindCustomer', 10, expired), call('FindCustomer', 30, expired)])).status).toBe('failed');
    expect(tokenRenew(script([issue(0, 't1'), call('FindCustomer', 10)])).status).toBe('not-covered');
  });
});

describe('session grades', () => {
  it('CLIENT-SESSION-FIRST fails a call before AuthenticatePartner', () => {
    expect(sessionFirst(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('passed');
    expect(sessionFirst(script([call('FindCustomer', 0), open(10, 's1', 'd1')])).status).toBe('failed');
    expect(sessionFirst(script([call('FindCustomer', 0, { session: undefined }), open(10, 's1', 'd1')])).status).toBe('failed');
    expect(sessionFirst(script([open(0, 's1', 'd1')])).status).toBe('not-covered');
  });

  it('CLIENT-SESSION-DEVICE fails another deviceId in the session', () => {
    expect(sessionDevice(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('passed');
    expect(sessionDevice(script([open(0, 's1', 'd1'), call('FindCustomer', 10, { device: 'd2' })])).status).toBe('failed');
  });

  it('CLIENT-SESSION-RENEW passes a new session after the 401 and fails the lost one sent again', () => {
    expect(sessionRenew(script([open(0, 's1', 'd1'), call('FindCustomer', 10, lost), open(20, 's2', 'd1'), call('FindCustomer', 30, { session: 's2' })])).status).toBe('passed');
    expect(sessionRenew(script([open(0, 's1', 'd1'), call('FindCustomer', 10, lost), call('FindCustomer', 30, lost)])).status).toBe('failed');
    expect(sessionRenew(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('not-covered');
  });
});

describe('retry grades', () => {
  const retried = (gap: number) => script([open(0, 's1', 'd1'), call('GetRegisteredCards', 10, { ...unavailable, end: 15 }), call('GetRegisteredCards', 15 + gap)]);

  it('CLIENT-RETRY-TRANSIENT fails a 503 or a reset that is not retried', () => {
    expect(retryTransient(retried(1000)).status).toBe('passed');
    expect(retryTransient(script([open(0, 's1', 'd1'), call('GetRegisteredCards', 10, unavailable), call('FindCustomer', 20, { body: find })])).status).toBe('failed');
    expect(retryTransient(script([open(0, 's1', 'd1'), call('DeleteCard', 10, { outcome: 'reset', planned: 'RESET' }), call('FindCustomer', 20)])).status).toBe('failed');
    expect(retryTransient(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('not-covered');
  });

  it('CLIENT-RETRY-AFTER fails a retry sooner than Retry-After', () => {
    expect(retryAfter(retried(1000), plan).status).toBe('passed');
    expect(retryAfter(retried(300), plan)).toMatchObject({ status: 'failed', reason: expect.stringContaining('300 ms') });
    expect(retryAfter(script([open(0, 's1', 'd1'), call('GetRegisteredCards', 10, unavailable)]), plan).status).toBe('not-covered');
  });

  it('CLIENT-RETRY-BACKOFF wants each retry of a reset call to wait longer (minBackoffMs · 2^(k-1))', () => {
    const reset = { outcome: 'reset' as const, planned: 'RESET' };
    const chain = (first: number, second: number) => script([open(0, 's1', 'd1'),
      call('DeleteCard', 10, { ...reset, end: 10 }), call('DeleteCard', 10 + first, { ...reset, end: 10 + first }), call('DeleteCard', 10 + first + second)]);
    expect(retryBackoff(chain(150, 250), plan).status).toBe('passed');
    expect(retryBackoff(chain(150, 120), plan)).toMatchObject({ status: 'failed', reason: expect.stringContaining('retry 2') });
    expect(retryBackoff(chain(5, 250), plan).status).toBe('failed');
  });

  it('CLIENT-NO-BLIND-RETRY fails EnrollCustomer resent at once after a reset, passes a look-up first', () => {
    const body = { ssn: '123456789', emailAddress: 'a@b.example' };
    const enroll = { outcome: 'reset' as const, planned: 'RESET', body };
    expect(noBlindRetry(script([open(0, 's1', 'd1'), call('EnrollCustomer', 10, enroll), call('EnrollCustomer', 200, { body })])).status).toBe('failed');
    expect(noBlindRetry(script([open(0, 's1', 'd1'), call('EnrollCustomer', 10, enroll), call('FindCustomer', 200, { body: find }), call('EnrollCustomer', 300, { body })])).status).toBe('passed');
    expect(noBlindRetry(script([open(0, 's1', 'd1'), call('EnrollCustomer', 10, { body })])).status).toBe('not-covered');
  });

  it('CLIENT-NO-RETRY-4XX fails a 422 resent unchanged', () => {
    const cnf = { status: 422, body: find, replyBody: { errorCode: 'CUSTOMER_NOT_FOUND' } };
    expect(noRetry4xx(script([open(0, 's1', 'd1'), call('FindCustomer', 10, cnf), call('FindCustomer', 11, cnf)])).status).toBe('failed');
    expect(noRetry4xx(script([open(0, 's1', 'd1'), call('FindCustomer', 10, cnf), call('EnrollCustomer', 11)])).status).toBe('passed');
    expect(noRetry4xx(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('not-covered');
  });
});

describe('hygiene grades', () => {
  it('CLIENT-API-VERSION fails a call without apiVersion or with another one', () => {
    expect(apiVersionSent(script([open(0, 's1', 'd1'), call('FindCustomer', 10)])).status).toBe('passed');
    expect(apiVersionSent(script([open(0, 's1', 'd1'), call('FindCustomer', 10, { version: null })])).status).toBe('failed');
    expect(apiVersionSent(script([open(0, 's1', 'd1'), call('FindCustomer', 10, { version: '2' })])).status).toBe('failed');
    expect(apiVersionSent(script([call('GetRegisteredCards', 10, { version: null, query: { apiVersion: '1' } })])).status).toBe('passed');
  });

  it('CLIENT-TLS fails a request over TLS 1.1', () => {
    expect(tlsVersion(script([open(0, 's1', 'd1', 't1')])).status).toBe('passed');
    expect(tlsVersion(script([{ ...open(0, 's1', 'd1'), tls: 'TLSv1.1' }])).status).toBe('failed');
    expect(tlsVersion([]).status).toBe('not-covered');
  });

  it('CLIENT-TOKEN-NOT-PAN fails a Luhn-valid card number sent as cardToken', () => {
    expect(looksLikeCardNumber('4111111111111111')).toBe(true);
    expect(looksLikeCardNumber('4111111111111112')).toBe(false);
    const tcard = (cardToken: string) => script([call('AddOrUpdateTokenizedCard', 0, { body: { cardToken, cardBin: '411111' } })]);
    expect(tokenNotPan(tcard('tok_abc')).status).toBe('passed');
    expect(tokenNotPan(tcard('4111111111111111')).status).toBe('failed');
    expect(tokenNotPan(script([call('FindCustomer', 0)])).status).toBe('not-covered');
  });

  it('CLIENT-RATE fails more requests in one second than the plan allows', () => {
    const burst = (n: number, spacing: number) => script(Array.from({ length: n }, (_, i) => call('FindCustomer', i * spacing)));
    expect(rate(burst(20, 10), plan).status).toBe('passed');
    expect(rate(burst(21, 10), plan)).toMatchObject({ status: 'failed', reason: expect.stringContaining('21 requests') });
    expect(rate(burst(40, 60), plan).status).toBe('passed');
    expect(rate(burst(1, 0), plan).status).toBe('not-covered');
  });
});
