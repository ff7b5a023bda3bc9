import { describe, expect, it } from 'vitest';
import { expectCaught, row, runSuites } from './stateful-support.js';

/**
 * Card and transaction shapes assert only what interface.md and decisions.md allow: card art is
 * base64 or empty (fault card-art-not-base64 is caught), while a card list without hashId (D32,
 * the reference default) and transactions with null or absent pending timestamps (D36, reading
 * timestamps-null-pending) pass. The readings groups run the rest of each reading.
 */
describe('resource shapes', () => {
  it('card-art-not-base64 fails CARDS-SHAPE by cardsMatchSchema', async () => {
    const run = await runSuites(['stateful'], ['card-art-not-base64']);
    expect(run.exitCode, run.stdout.slice(-3000)).toBe(1);
    expectCaught(run, { fault: 'card-art-not-base64', checks: ['cardsMatchSchema'], operation: /^(AddOrUpdate(Tokenized)?Card|GetRegisteredCards)$/ });
  }, 180_000);

  it('a card list without hashId and pending timestamps null or absent raise no finding', async () => {
    const run = await runSuites(['stateful', 'history'], [], { REFERENCE_READINGS: 'timestamps-null-pending,card-art-png' });
    for (const id of ['CARDS-SHAPE', 'HISTORY-SHAPE']) expect(row(run, id)?.status, `${id}\n${run.stdout.slice(-3000)}`).toBe('passed');
    expect(run.summary?.counts.failed, run.stdout.slice(-3000)).toBe(0);
  }, 180_000);
});
