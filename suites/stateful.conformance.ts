import { afterAll, describe } from 'vitest';
import { harness } from './lib/runner/context.js';
import { removeAddedCards } from './lib/state/cards.js';
import { modelTest } from './lib/model/test.js';
import { statefulSpecs } from './lib/model/specs.js';

/**
 * Model-based sequences over customers, cards, linked accounts and session attributes
 * (interface.md "States and transitions"): CONFORMANCE_SEQUENCES random sequences of up to
 * 20 commands per property, each on fresh customers in a session of its own, every reply
 * compared with the model; a failure prints the shrunk sequence as numbered steps.
 */
const ctx = harness();
const suiteFile = 'suites/stateful.conformance.ts';

describe('stateful: sequences compared with the model', () => {
  // Cards a failed sequence could not delete (footprint on a shared sandbox).
  afterAll(() => removeAddedCards(ctx));
  for (const spec of statefulSpecs(ctx)) modelTest(ctx, suiteFile, spec);
});
