import { afterAll, describe } from 'vitest';
import { harness } from './lib/runner/context.js';
import { removeAddedCards } from './lib/state/cards.js';
import { modelTest } from './lib/model/test.js';
import { statefulSpec } from './lib/model/specs.js';

/**
 * Cards: add, update, resubmit, delete and re-add, plain and tokenized compared with the model (interface.md "States and transitions"):
 * CONFORMANCE_SEQUENCES random sequences of up to 20 commands, each on fresh customers in a
 * session of its own, every reply compared with the model; a failure prints the shrunk sequence
 * as numbered steps. One file per model property (suites/lib/model/specs.ts): a sequence runs its
 * commands in order, so the properties go side by side in the run's workers (issue 29).
 */
const ctx = harness();
const suiteFile = 'suites/stateful-cards.conformance.ts';

describe('stateful: sequences compared with the model', () => {
  // Cards a failed sequence could not delete (footprint on a shared sandbox).
  afterAll(() => removeAddedCards(ctx));
  modelTest(ctx, suiteFile, statefulSpec(ctx, 'cards'));
});
