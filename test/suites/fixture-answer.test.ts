import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { Redactor } from '../../client/redaction.js';
import type { ResultRecord } from '../../reporting/result.js';
import type { HarnessContext } from '../../suites/lib/runner/context.js';
import { judgeFixtureAnswer } from '../../suites/lib/judge/fixture-answer.js';

/**
 * A fixture call's error answer is judged by the Errors-table row it carries, as any other
 * answer the harness receives (oracles/answer-row.ts): the row's failure is recorded, while
 * what needed the fixture is only not covered (no blockedBy: the refusal itself was allowed).
 */
function answer(status: number, json: Record<string, unknown>): Exchange {
  return {
    request: { operation: 'AddOrUpdateTokenizedCard', method: 'POST', url: 'https://t/api/v1/cards/tokenized', query: {}, headers: {}, body: {}, correlationId: 'c' },
    response: { status, headers: { 'content-type': 'application/problem+json' }, bodyText: JSON.stringify(json), json, mediaType: 'application/problem+json' },
    durationMs: 1, attempts: [],
  } as unknown as Exchange;
}

function context(records: ResultRecord[]): HarnessContext {
  const client = { curl: () => 'curl …', redactor: new Redactor() };
  return { client, record: (r: ResultRecord) => records.push(r) } as unknown as HarnessContext;
}

const denied = {
  type: 'https://tools.ietf.org/html/rfc4918#section-11.2', title: 'Error', status: 422,
  detail: 'The card account is not allowed in the network.', instance: '/api/v1/cards/tokenized', errorCode: 'BAD_REQUEST',
};
const call = { what: 'AddOrUpdateTokenizedCard of a fixture card', operation: 'AddOrUpdateTokenizedCard', member: ['cards', 0, 'cardId'] };

describe('judgeFixtureAnswer', () => {
  it('records the row a refused fixture answer breaks, once per worker, without blocking its dependants', () => {
    const records: ResultRecord[] = [];
    const ctx = context(records);
    const { detail: _detail, ...withoutDetail } = denied;
    expect(judgeFixtureAnswer(ctx, answer(422, withoutDetail), call)).toEqual({});
    judgeFixtureAnswer(ctx, answer(422, withoutDetail), call);
    expect(records.map((r) => `${r.requirement} ${r.status}`)).toEqual(['ERR-PROBLEM-SHAPE failed']);
  });

  it('records nothing for a refusal with every member of its row', () => {
    const records: ResultRecord[] = [];
    expect(judgeFixtureAnswer(context(records), answer(422, denied), call)).toEqual({});
    expect(records).toEqual([]);
  });
});
