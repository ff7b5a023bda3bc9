import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageSequence } from '../../suites/lib/model/run.js';
import { runConformance } from '../support/conformance-run.js';

/**
 * The coverage phase of the model-based properties: one sequence that draws every command, so
 * what a property checks never depends on the seed or on how few sequences are asked for.
 * Guards the gap the short sweep met on seed 12 (5 sequences): SATTR-AFTER-OBO and
 * STATE-SESSION-ATTRIBUTES unchecked, because no sequence drew AddSessionAttributes before AuthenticateOBO.
 */
describe('model coverage phase', () => {
  it('draws every command in reverse, then twice in order', () => {
    const commands = ['a', 'b', 'c'].map((name) => fc.constant(name as unknown as fc.AsyncCommand<object, unknown>));
    expect(coverageSequence(commands, 1)).toEqual(['c', 'b', 'a', 'a', 'b', 'c', 'a', 'b', 'c']);
  });

  it.each([12, 5])('one random sequence still checks every stateful row (seed %i)', async (seed) => {
    const run = await runConformance({ seed, args: ['suites/stateful-'], env: { CONFORMANCE_SEQUENCES: '1' } });
    const rows = run.summary?.requirements.filter((r) => r.suites.includes('stateful')) ?? [];
    expect(rows.filter((r) => r.status !== 'passed').map((r) => `${r.id} ${r.status}`), run.stdout.slice(-2000)).toEqual([]);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['SATTR-AFTER-OBO', 'STATE-SESSION-ATTRIBUTES', 'STATE-CARD-DELETED', 'ENROLL-DUPLICATE']));
    expect(run.exitCode).toBe(0);
  }, 120_000);
});
