import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { genericRefusal, noServerError } from '../../checks/index.js';
import { operation, type RequirementId } from '../../contract/index.js';
import type { FindingCheckId } from '../../checks/finding.js';
import { acceptedExpectation } from '../../generators/index.js';
import { OutcomeBuilder } from '../../suites/lib/access/case.js';
import { judgeFieldCase } from '../../oracles/field-case.js';
import { combine, judge, oracle, type Oracle } from '../../oracles/judge.js';
import { ownReasonRefusal } from '../../oracles/refusals.js';

/**
 * The one judge (oracles/judge.ts) and the one definition of a refusal for the target's
 * own reasons: what reaches the runner for each kind of answer. A D37 refusal that passed the
 * acceptance requirement would hide a fault; one that failed it would be a false alarm.
 */
function answer(operationId: string, status: number, json?: unknown): Exchange {
  const bodyText = json === undefined ? '' : JSON.stringify(json);
  return {
    request: { operation: operationId, method: 'POST', url: 'https://t/x', query: {}, headers: {}, body: {}, correlationId: 'c' },
    response: { status, headers: { 'content-type': 'application/json' }, bodyText, json, mediaType: 'application/json' },
    durationMs: 1, attempts: [],
  } as unknown as Exchange;
}
const unreachable = { ...answer('FindCustomer', 200), response: undefined, transportError: { code: 'TIMEOUT', message: 'slow' } } as unknown as Exchange;
/** The INVALID_INFORMATION row as the Errors table documents it, every member present. */
const invalidInformation = {
  type: 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Invalid Information', status: 422,
  detail: 'Invalid information: AccountIdFilter.', instance: '/x', errorCode: 'INVALID_INFORMATION',
};
const declined = (op: string, status = 422) => answer(op, status, { ErrorCode: 'ISSUER_DECLINED', ErrorMessage: 'declined by issuer' });

/** An oracle that finds `found` findings, and counts its runs. */
function counting(requirements: RequirementId[], found: number, extra: Partial<Oracle> = {}): Oracle & { runs: number } {
  const o = {
    id: 'counting' as FindingCheckId, requirements, failsWith: requirements.slice(1), runs: 0, applies: () => true,
    run(x: Exchange) {
      o.runs += 1;
      return Array.from({ length: found }, () => ({ check: 'counting', requirement: requirements[0]!, severity: 'documented', title: 't', message: 'm', dedupKey: `k|${x.request.operation}` }));
    },
    ...extra,
  };
  return o as Oracle & { runs: number };
}

describe('judge', () => {
  it('runs no oracle on transport trouble and marks the case broken', () => {
    const o = counting(['GEN-NO-5XX'], 1);
    const outcome = judge(unreachable, { oracles: [o] });
    expect(outcome).toMatchObject({ broken: 'TIMEOUT: slow', findings: [], checked: [] });
    expect(o.runs).toBe(0);
  });

  it('checks what applies; the requirements after the first fail only with findings', () => {
    const x = answer('FindCustomer', 500);
    const outcome = judge(x, { oracles: [oracle(noServerError, undefined, 'GEN-NO-5XX', 'FIND-NOT-FOUND'), counting(['ERR-INSTANCE', 'ERR-TYPE-URL'], 0), counting(['ERR-TITLE-CODE'], 0, { applies: () => false })] });
    expect(outcome.checked).toEqual(['GEN-NO-5XX', 'FIND-NOT-FOUND', 'ERR-INSTANCE', 'ERR-TYPE-URL']);
    expect(outcome.failsWith).toEqual(['FIND-NOT-FOUND']);
    expect(outcome.findings.map((f) => f.requirement)).toEqual(['GEN-NO-5XX']);
    expect(outcome.responsesSeen).toEqual(['FindCustomer 500 NONE']);
  });

  it('withholds what judges an acceptance on a refusal for the target\'s own reasons, and observes it', () => {
    const acceptance = counting(['SATTR-FILTERS'], 1, { judgesAcceptance: true });
    const generic = counting(['GEN-JSON-BODY'], 0);
    const rule = { foreseen: ['INVALID_INFORMATION'], requirement: 'SATTR-FILTERS' as const, what: 'the card' };
    const outcome = judge(declined('AddSessionAttributes'), { oracles: [acceptance, generic], ownRefusal: rule });
    expect(acceptance.runs).toBe(0);
    expect(outcome.checked).toEqual(['GEN-JSON-BODY']);
    expect(outcome.findings).toEqual([]);
    expect(outcome.observed).toEqual({ 'SATTR-FILTERS': 'AddSessionAttributes refused the card with 422 ISSUER_DECLINED (D37: observed, not failed)' });
    // A foreseen code is a documented answer: judged, and its finding stands.
    const foreseen = judge(answer('AddSessionAttributes', 422, invalidInformation), { oracles: [acceptance], ownRefusal: rule });
    expect(foreseen.findings).toHaveLength(1);
    expect(foreseen.observed).toBeUndefined();
  });
});

describe('the row an error answer carries (oracles/answer-row.ts)', () => {
  const { detail: _detail, ...withoutDetail } = invalidInformation;
  const x = answer('AddSessionAttributes', 422, withoutDetail);
  const generic = () => oracle(noServerError, undefined, 'GEN-NO-5XX');
  it('judges the Problem members of a row the operation lists, wherever the answer was received', () => {
    const outcome = judge(x, { oracles: [generic()] });
    expect(outcome.findings.map((f) => `${f.check} ${f.requirement}`)).toEqual(['problemShape ERR-PROBLEM-SHAPE']);
    expect(outcome.checked).toEqual(expect.arrayContaining(['ERR-PROBLEM-SHAPE', 'ERR-TITLE-CODE', 'ERR-INSTANCE', 'ERR-TYPE-URL']));
    expect(judge(answer('AddSessionAttributes', 422, invalidInformation), { oracles: [generic()] }).findings).toEqual([]);
  });
  it('adds nothing where the case decides the row, scans only, leaves the row open, or the code is no row of the operation', () => {
    expect(judge(x, { oracles: [generic()], rowDecided: true }).findings).toEqual([]);
    expect(judge(x, { oracles: [{ ...generic(), scan: true }] }).findings).toEqual([]);
    expect(judge(x, { oracles: [generic(), oracle(genericRefusal, { operation: 'AddSessionAttributes', requirement: 'SATTR-AFTER-OBO' }, 'SATTR-AFTER-OBO')] }).findings).toEqual([]);
    expect(judge(answer('AddOrUpdateCard', 422, withoutDetail), { oracles: [generic()] }).findings).toEqual([]);
    expect(judge(answer('AddSessionAttributes', 422, { ...withoutDetail, errorCode: 'OTHER' }), { oracles: [generic()] }).findings).toEqual([]);
  });
  it('judges a 400 carrying validationErrors as the validation row', () => {
    const outcome = judge(answer('FindCustomer', 400, { title: 'Bad Request', status: 400, validationErrors: [] }), { oracles: [generic()] });
    expect(outcome.findings.map((f) => f.requirement)).toContain('ERR-VALIDATION-SHAPE');
  });
});

describe('field case under the one judge', () => {
  const options = { strictKeyCase: false, runSecrets: [] };
  it('observes a coded refusal where the operation may decline (D15), never checking GEN-VALID-ACCEPTED', () => {
    const outcome = judgeFieldCase(declined('AddOrUpdateCard'), acceptedExpectation(operation('AddOrUpdateCard')), options);
    expect(outcome.findings).toEqual([]);
    expect(outcome.checked).not.toContain('GEN-VALID-ACCEPTED');
    expect(outcome.observed?.['GEN-VALID-ACCEPTED']).toMatch(/refused a valid payload with 422 ISSUER_DECLINED/);
  });

  it('fails the same refusal where the operation may not decline (no D37 there)', () => {
    const outcome = judgeFieldCase(declined('FindCustomer'), acceptedExpectation(operation('FindCustomer')), options);
    expect(outcome.findings.map((f) => f.requirement)).toContain('GEN-VALID-ACCEPTED');
    expect(outcome.checked).toContain('GEN-VALID-ACCEPTED');
    expect(outcome.observed).toBeUndefined();
  });

  it('puts a 2xx to a valid payload under the operation\'s success row', () => {
    const outcome = judgeFieldCase(answer('FindCustomer', 200, { customerId: '' }), acceptedExpectation(operation('FindCustomer')), options);
    expect(outcome.checked).toEqual(expect.arrayContaining(['GEN-VALID-ACCEPTED', 'FIND-SUCCESS']));
  });
});

describe('ownReasonRefusal', () => {
  it('is a 4xx with a code in the D15/D16 shape, not a validation answer, not a 5xx, not a foreseen code', () => {
    expect(ownReasonRefusal(declined('EnrollCustomer', 400))).toEqual({ status: 400, code: 'ISSUER_DECLINED' });
    expect(ownReasonRefusal(answer('EnrollCustomer', 400, { errorCode: 'X', validationErrors: {} }))).toBeUndefined();
    expect(ownReasonRefusal(answer('EnrollCustomer', 500, { errorCode: 'X' }))).toBeUndefined();
    expect(ownReasonRefusal(declined('EnrollCustomer'), ['ISSUER_DECLINED'])).toBeUndefined();
    expect(ownReasonRefusal(unreachable)).toBeUndefined();
  });
});

describe('combining outcomes', () => {
  it('puts the first failing exchange last, keeps the first broken reason, and joins notes', () => {
    const ok = answer('FindCustomer', 200);
    const bad = answer('EnrollCustomer', 500);
    const outcome = combine([
      judge(bad, { oracles: [oracle(noServerError, undefined, 'GEN-NO-5XX')] }), judge(ok, { oracles: [] }),
      { exchanges: [], findings: [], checked: [], observed: { 'FIND-NOT-FOUND': 'one' } }, { exchanges: [], findings: [], checked: [], observed: { 'FIND-NOT-FOUND': 'two' } },
    ]);
    expect(outcome.exchanges).toEqual([ok, bad]);
    expect(outcome.observed).toEqual({ 'FIND-NOT-FOUND': 'one; two' });
    expect(combine([judge(unreachable, { oracles: [] }), { exchanges: [], findings: [], checked: [], broken: 'later' }]).broken).toBe('TIMEOUT: slow');
  });

  it('an access case names the operation of a broken exchange and counts no documented response', () => {
    const out = new OutcomeBuilder();
    out.judge(answer('FindCustomer', 401), [oracle(noServerError, undefined, 'GEN-NO-5XX')]);
    out.judge(unreachable, [oracle(noServerError, undefined, 'GEN-NO-5XX')]);
    const outcome = out.outcome();
    expect(outcome.broken).toBe('FindCustomer: TIMEOUT: slow');
    expect(outcome.responsesSeen).toBeUndefined();
    // A 401 is judged for its challenge whatever the case asked (oracles/answer-status.ts, D27).
    expect(outcome.checked).toEqual(['GEN-NO-5XX', 'BEARER-WWW-AUTHENTICATE']);
  });
});
