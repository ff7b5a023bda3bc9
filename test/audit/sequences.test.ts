import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAudit } from '../../audit/run.js';
import { device, harFile, problem, session, token, type Call } from './traffic.js';

/**
 * Issue 23 item 2: state rules judged where the traffic shows the sequence (a card added then
 * listed, deleted then listed, AuthenticateOBO then AddSessionAttributes), with a change in flight
 * beside the judged exchange never a finding. Hand-made traffic; failures point at the entry.
 */
const customerId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const customer = customerId;
const cardId = '9a31ec89-086e-4820-92c9-642d154ff342';
const number = '4539578763621486';
const cardPayload = { customerId: customer, cardNumber: number, expirationMonthYear: '0829', cardNickname: 'Everyday', addressLine1: 'a', addressLine2: 'b', city: 'c', state: 'TX', zip: '78704' };
const card = (id = cardId, more: Record<string, unknown> = {}) => ({
  cardId: id, customerId: customer, cardNickname: 'Everyday', cardProgram: 'p', lastFourDigits: number.slice(-4), showTermsAndConditions: false,
  termsAndConditionsId: 't', issuerType: 1, expirationMonthYear: '0829', cardProgramPhone: '1', currentCardMin: 0, currentCardMax: 1, cardArtAsBase64Png: '', ...more,
});
const enrol: Call = {
  op: 'EnrollCustomer', at: 20, reply: { CustomerId: customer },
  body: { emailAddress: 'a@b.example', ssn: '123456789', firstName: 'Ann', lastName: 'Lee', mobileNumber: '5125550100', addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Austin', state: 'TX', zip: '78704', dateOfBirth: '1980-01-02', allowTexts: true },
};
const start: Call[] = [
  { tokenEndpoint: true, at: 0, rawBody: 'grant_type=client_credentials&scope=s', headers: { 'content-type': 'application/x-www-form-urlencoded' }, reply: { access_token: token, expires_in: 3600, token_type: 'Bearer', scope: 's' } },
  { op: 'AuthenticatePartner', at: 10, body: { deviceId: device }, replyHeaders: { sessionId: session } },
  enrol,
];
const add: Call = { op: 'AddOrUpdateCard', at: 40, body: cardPayload, reply: { cards: [card(cardId, { hashId: '' })] } };
const list = (at: number, cards: unknown[], ms = 5): Call => ({ op: 'GetRegisteredCards', at, ms, query: { customerId }, reply: { cards } });
const del = (at: number, ms = 5): Call => ({ op: 'DeleteCard', at, ms, body: { customerId, cardId } });

function audit(calls: Call[]) {
  const { summary } = runAudit({ file: harFile(calls), reportDir: mkdtempSync(join(tmpdir(), 'pc-audit-rep-')), client: false });
  const row = (id: string) => summary.requirements.find((r) => r.id === id)!;
  const failed = summary.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
  return { summary, row, failed };
}

describe('state rules on recorded sequences', () => {
  it('a card added, then listed: the list shows it; missing, the row that registered it fails at the list entry', () => {
    expect(audit([...start, add, list(60, [card()])]).failed).toEqual([]);
    const missing = audit([...start, add, list(60, [])]);
    expect(missing.failed).toEqual(['CARD-SUCCESS']);
    expect(missing.row('CARD-SUCCESS').findings[0]).toMatchObject({ title: 'Registered card missing from the list', reproduction: { counterexample: expect.stringMatching(/^log\.entries\[4\] \(2026-11-24T10:00:00\.060Z GET \/api\/v1\/partners\/get-registered-cards\?customerId=3f2504e0-4f89-41d3-9a0c-0305e82c3301 → 200\)$/) } });
  });

  it('deleted, then listed: still listed fails STATE-CARD-DELETED; a delete in flight beside the list is no finding', () => {
    expect(audit([...start, add, del(60), list(80, [])]).failed).toEqual([]);
    expect(audit([...start, add, del(60), list(80, [card()])]).failed).toEqual(['STATE-CARD-DELETED']);
    // The delete started before the list and ended after it began: either answer is right.
    expect(audit([...start, add, del(60, 30), list(70, [card()])]).failed).toEqual([]);
    // A delete whose answer was lost (a reset) may have happened: listed or not, the card is no finding.
    for (const cards of [[], [card()]]) expect(audit([...start, add, { ...del(60), failure: 'reset' }, list(80, cards)]).failed).toEqual([]);
  });

  it('a delete or an add whose answer was lost (reset, 5xx) leaves the card uncertain: listed or not, no finding', () => {
    for (const lost of [{ ...del(60), failure: 'reset' as const }, { ...del(60), status: 503 }]) {
      expect(audit([...start, add, lost, list(80, [])]).failed, JSON.stringify(lost)).toEqual([]);
      expect(audit([...start, add, lost, list(80, [card()])]).failed, JSON.stringify(lost)).toEqual([]);
    }
    const lostAdd: Call = { ...add, at: 60, body: { ...cardPayload, cardNickname: 'Renamed' }, failure: 'reset' };
    expect(audit([...start, add, lostAdd, list(80, [card()])]).failed).toEqual([]);
    // An answered delete still counts: listed after it, the card fails STATE-CARD-DELETED.
    expect(audit([...start, add, { ...del(60), status: 200 }, list(80, [card()])]).failed).toEqual(['STATE-CARD-DELETED']);
  });

  it('an identical resubmission keeps the cardId (STATE-CARD-IDENTICAL); a card added again after a delete gets a new one (STATE-CARD-DELETED)', () => {
    expect(audit([...start, add, { ...add, at: 60 }]).failed).toEqual([]);
    expect(audit([...start, add, { ...add, at: 60, reply: { cards: [card('0c9c8ec5-575c-46d8-bc99-e1b8949db33e', { hashId: '' })] } }]).failed).toEqual(['STATE-CARD-IDENTICAL']);
    expect(audit([...start, add, del(60), { ...add, at: 80 }]).failed).toEqual(['STATE-CARD-DELETED']);
  });

  it('AuthenticateOBO, then AddSessionAttributes: accepted before any AuthenticateOBO of a session the traffic opened fails SATTR-AFTER-OBO', () => {
    const sattr = (at: number, status = 200): Call => ({ op: 'AddSessionAttributes', at, status, body: { sessionAttributes: [{ name: 'SsoToken', value: 'sso-token-0001' }] } });
    const obo: Call = { op: 'AuthenticateOBO', at: 60, body: { customerId }, reply: { ssoToken: 'sso-token-0001' } };
    expect(audit([...start, add, obo, sattr(80)]).failed).toEqual([]);
    expect(audit([...start, add, sattr(80)]).failed.sort()).toEqual(['SATTR-AFTER-OBO', 'STATE-SESSION-ATTRIBUTES']);
    expect(audit([...start, add, sattr(80, 422)]).row('SATTR-AFTER-OBO').status).toBe('passed');
  });

  it('D17: AuthenticateOBO for a customer enrolled in this traffic who never held a card is 422 NO_LINKED_ACCOUNT; holding one, an ssoToken', () => {
    const obo = (at: number, status: number, reply: unknown): Call => ({ op: 'AuthenticateOBO', at, status, body: { customerId }, reply });
    const noLink = problem(422, 'No linked account', '/api/v1/partners/authenticate-obo', { errorCode: 'NO_LINKED_ACCOUNT' });
    expect(audit([...start, obo(40, 422, noLink)]).failed).toEqual([]);
    expect(audit([...start, obo(40, 200, { ssoToken: 'x' })]).failed.sort()).toEqual(['ERR-NO-LINKED-ACCOUNT', 'OBO-LINKED-ACCOUNT']);
    expect(audit([...start, add, obo(60, 422, noLink)]).failed.sort()).toEqual(['OBO-LINKED-ACCOUNT', 'STATE-OBO']);
  });

  it('cards the traffic never showed may be listed (they may predate the recording); a customer it never showed may be refused (D30)', () => {
    expect(audit([start[0]!, start[1]!, list(40, [card('7c9e6679-7425-40de-944b-e07fc1f90ae7')])]).failed).toEqual([]);
    const unknown = { op: 'DeleteCard', at: 40, status: 422, body: { customerId, cardId }, reply: { type: 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Card Not Found', status: 422, detail: 'x', instance: '/api/v1/partners/delete-card', errorCode: 'CARD_NOT_FOUND' } };
    const { failed, summary } = audit([start[0]!, start[1]!, unknown]);
    expect(failed).toEqual([]);
    expect(summary.observed.map((o) => o.observed)).toEqual([expect.stringMatching(/DeleteCard refused a valid payload with 422 CARD_NOT_FOUND \(observed, not failed: the recording cannot show the target state\)/)]);
  });

  // blind3-history-unknown-reference-400 (a sweep's audit): a 400 naming the accountId the recording never showed is D30's
  // (any 4xx with a JSON body); the same 400 blaming customerId, which the traffic showed enrolled, is a valid field blamed.
  it('a validation answer naming only an account the traffic never showed is D30\'s; one blaming a field it showed valid fails', () => {
    const accountId = '8f00117d-fffa-4fff-9552-649cffffffef';
    const history = (key: string): Call => ({
      op: 'GetTransactionHistory', at: 40, status: 400, query: { customerId, accountId },
      reply: problem(400, 'One or more validation errors occurred.', '/api/v1/partners/get-transaction-history', { errors: {}, validationErrors: [{ key, message: 'x' }] }),
    });
    expect(audit([...start, history('query.accountId')]).failed).toEqual([]);
    expect(audit([...start, history('query.customerId')]).failed).toContain('GEN-VALID-ACCEPTED');
  });

  // Two clients (two workers of a run) on one customer: one adds a card while the other lists. A
  // sweep saw the list without the card where the recording, in whole milliseconds, put the add's
  // answer before the list left: the file's order decided a tie it cannot decide.
  it('an answer and another client\'s request in one millisecond are concurrent; the microseconds of the harness\'s own recordings order them', () => {
    const adding: Call = { ...add, ms: 5.6 };
    // The list left 0.2 ms before the add's answer came: concurrent, the card may be missing.
    expect(audit([...start, adding, list(45.4, [])]).failed).toEqual([]);
    // 0.1 ms after it: the card must be listed.
    expect(audit([...start, adding, list(45.7, [])]).failed).toEqual(['CARD-SUCCESS']);
    // Without the microseconds (another tool's recording: whole milliseconds), an answer can have come up to
    // a millisecond after its recorded end: a list in that millisecond is concurrent, one after it is not.
    const wholeMilliseconds = (calls: Call[]) => {
      const file = harFile(calls);
      const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Array<Record<string, unknown>> } };
      for (const e of har.log.entries) delete e._startedAtMs;
      writeFileSync(file, JSON.stringify(har));
      return runAudit({ file, reportDir: mkdtempSync(join(tmpdir(), 'pc-audit-rep-')), client: false }).summary.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    };
    expect(wholeMilliseconds([...start, adding, list(45.7, [])])).toEqual([]);
    expect(wholeMilliseconds([...start, adding, list(46, [])])).toEqual([]);
    expect(wholeMilliseconds([...start, adding, list(47, [])])).toEqual(['CARD-SUCCESS']);
  });
});
