import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../contract/index.js';
import { loadProfile } from '../../contract/profile.js';
import { alnumChars, cardNumber, sampleOne, stringOf, validPayload } from '../../generators/index.js';
import { stranger } from '../../suites/lib/business/session.js';
import { privateDirVariable } from '../../suites/lib/state/customer-pool.js';
import { stateFields, withState } from '../../suites/lib/state/case-state.js';
import { coverageSequence } from '../../suites/lib/model/sequence.js';
import { statefulSpecs } from '../../suites/lib/model/specs.js';
import { enroll } from '../../suites/lib/model/customers.js';
import { emptyModel } from '../../oracles/model/state.js';
import { Identities, dryContext, DryRun } from './dry-run.js';

/**
 * Issue 26: every value the harness calls new (a card number or token, an SSN, an e-mail, a card
 * number "never registered") must differ from every value of its kind the run sent before, or a
 * conformant target rightly takes it for the card or person it already holds and the harness cries
 * wolf. No target: model sequences and field-rule cases are drawn from the generators and sent to
 * a dry run (dry-run.ts) that only notes what each request calls new and what it merely sends.
 * Two workers share one run, as vitest's workers do.
 */
const sequencesPerSpec = 100;
const fieldCases = 150;

beforeAll(() => {
  process.env[privateDirVariable] = mkdtempSync(join(tmpdir(), 'pc-collisions-'));
});

describe('values the harness calls new', () => {
  it('never coincide with a value of their kind sent earlier in the run (model sequences and field-rule cases, two workers)', async () => {
    const seen = new Identities();
    const workers = [dryContext(loadProfile({}), seen, 11), dryContext(loadProfile({}), seen, 11)];
    for (const [w, ctx] of workers.entries()) {
      for (const [k, spec] of statefulSpecs(ctx).entries()) {
        const arb = fc.tuple(spec.setupValues, fc.commands([...spec.commands], { maxCommands: spec.maxCommands, size: 'max' }));
        // As fc.check draws them in a run (sizes growing from small, where repeats are likely), then
        // the coverage sequences of as many seeds (every command drawn once per round, run.ts).
        const random = fc.sample(arb, { seed: 100 * w + k, numRuns: sequencesPerSpec });
        const coverage = Array.from({ length: sequencesPerSpec }, (_, i) => [sampleOne(spec.setupValues, spread(i)), coverageSequence(spec.commands, spread(100 * w + 10 * k + i))] as const);
        for (const [values, commands] of [...random, ...coverage]) {
          seen.beginSequence();
          const run = new DryRun(ctx, seen);
          const model = emptyModel(spec.name.startsWith('cards') ? 2 : 3);
          await enroll(model, run, values.generated, values.slashed, true);
          await fc.asyncModelRun(() => ({ model, real: run }), [...commands].map((c) => run.watch(c)));
        }
      }
      // Field-rule cases: a fresh identity per enrolment case, a card of its own per DeleteCard case.
      for (const op of ['EnrollCustomer', 'DeleteCard'].map(operation)) {
        const session = await ctx.session();
        for (const input of fc.sample(validPayload(op, { fixed: stateFields(op), emailKey: ctx.profile.emailKey }), { seed: 100 * w + 50, numRuns: fieldCases })) {
          const sent = await withState(ctx, session, input, 'valid');
          if (op.id === 'EnrollCustomer') seen.sendNew('EnrollCustomer (field rule)', sent.body ?? {});
        }
      }
      // Business scenarios: an AccountNumberFilter naming "no card of the customer" (session-filters.ts), drawn as they draw it.
      const { declinedCardNumber, deniedCardBin } = ctx.profile;
      const strangers = fc.oneof(cardNumber({ declinedCardNumber, deniedCardBin, length: 16 }), stringOf({ chars: alnumChars, minLength: 20, maxLength: 40 }));
      for (const drawn of fc.sample(strangers, { seed: 100 * w + 60, numRuns: fieldCases })) seen.callNew('card identity', stranger(ctx, drawn), 'business: a card the customer does not hold');
    }
    expect(seen.counted(), 'the dry run saw values called new of every kind').toMatchObject({ 'card identity': expect.any(Number), ssn: expect.any(Number), email: expect.any(Number) });
    const byKind = JSON.stringify(seen.collidedKinds());
    expect(seen.collisions.slice(0, 6), `${seen.collisions.length} value(s) called new had been sent before (${byKind}); new values drawn: ${JSON.stringify(seen.counted())}`).toEqual([]);
  });
});

/** Seeds far apart: a coverage sequence draws from its seed and the thousands after it. */
const spread = (i: number): number => Math.imul(i + 1, 2_654_435_761) | 0;
