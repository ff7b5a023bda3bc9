import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../client/exchange.js';
import { Footprint } from '../../suites/lib/state/footprint.js';

const dir = mkdtempSync(join(tmpdir(), 'pc-footprint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const customerId = '650baae1-01f4-41df-870e-c5b3b4e0215f';
const card = (cardId: string) => ({ cardId, customerId, lastFourDigits: '1111' });

function served(operation: string, body: Record<string, unknown>, cards: unknown[]): Exchange {
  const json = { cards };
  return {
    request: { operation, method: 'POST', url: 'https://t/x', query: {}, headers: {}, body, correlationId: 'c' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify(json), json, mediaType: 'application/json' },
    durationMs: 1, attempts: [],
  } as unknown as Exchange;
}

describe('Footprint: the cards a suite deletes when it ends', () => {
  it('remembers the cards an accepted add-or-update answers with', () => {
    const footprint = new Footprint(dir);
    footprint.rememberWrite(served('AddOrUpdateCard', { customerId }, [card('c-1')]));
    expect(footprint.remaining()).toEqual([{ customerId, cardId: 'c-1' }]);
  });

  // A DeleteCard that answers with the customer's remaining cards (a conformant choice) listed other
  // suites' cards on the shared customer; deleting them left another suite's customer with no linked account.
  it('takes none of the cards a DeleteCard answers with as its own, and counts the named card removed', () => {
    const footprint = new Footprint(dir);
    footprint.rememberWrite(served('AddOrUpdateCard', { customerId }, [card('mine')]));
    footprint.rememberWrite(served('DeleteCard', { customerId, cardId: 'mine' }, [card('other-worker'), card('other-suite')]));
    expect(footprint.remaining()).toEqual([]);
    expect(footprint.holds('other-worker')).toBe(false);
  });
});
