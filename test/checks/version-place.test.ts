import { describe, expect, it } from 'vitest';
import { answerSelection, versionPlaceIgnored } from '../../checks/index.js';
import type { Responded } from '../../checks/support.js';
import { exchange } from './fixtures.js';

/** VERSION-QUERY: where apiVersion stands in the query string changes nothing a served read selects (blind16). */
const page = (ids: string[], total = ids.length, extra: Record<string, unknown> = {}) =>
  exchange({ operation: 'GetTransactionHistory', slug: 'get-transaction-history', body: { searchResults: ids.map((transactionId) => ({ transactionId, amount: 1 })), totalRecords: total, ...extra } }) as Responded;
const cards = (ids: string[]) => exchange({ operation: 'GetRegisteredCards', slug: 'get-registered-cards', body: { cards: ids.map((cardId) => ({ cardId })) } }) as Responded;
const expecting = (baseline: Responded, place = 'first') => ({ baseline: answerSelection(baseline), baselineWay: 'in the header', place });

describe('versionPlaceIgnored', () => {
  it('passes a read that selects the same items and count, in any order, whatever else the body carries', () => {
    expect(versionPlaceIgnored(page(['b', 'a'], 9, { traceId: 'x' }), expecting(page(['a', 'b'], 9)))).toEqual([]);
    expect(versionPlaceIgnored(cards(['c2', 'c1']), expecting(cards(['c1', 'c2'])))).toEqual([]);
  });

  it('fails a read that lost a filter, a page size or a count, naming the place', () => {
    const [lost] = versionPlaceIgnored(page(['a', 'b', 'c']), expecting(page(['a', 'b']), 'before pageSize'));
    expect(lost).toMatchObject({ requirement: 'VERSION-QUERY', title: 'Query parameters lost beside apiVersion', dedupKey: 'versionPlaceIgnored|GetTransactionHistory|before pageSize' });
    expect(lost!.message).toMatch(/apiVersion before pageSize in the query string: searchResults: 3 item\(s\) where the other answer lists 2/);
    expect(versionPlaceIgnored(page(['a', 'b'], 40), expecting(page(['a', 'b'], 9)))).toHaveLength(1);
    expect(versionPlaceIgnored(cards(['c9']), expecting(cards(['c1'])))).toHaveLength(1);
  });

  it('leaves a refusal to the served-or-not check', () => {
    expect(versionPlaceIgnored(exchange({ operation: 'GetRegisteredCards', status: 400, body: { title: 'x' } }), expecting(cards(['c1'])))).toEqual([]);
  });
});
