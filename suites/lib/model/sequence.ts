import fc from 'fast-check';
import { oneOfEach } from '../../../generators/index.js';
import { isBrokenError, stopOf } from '../runner/stop.js';
import { ModelMismatch, type Journal } from './journal.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { FreshEnrolments } from '../../../oracles/model/state.js';

/** One model-based property and one run of it: what a sequence starts from, does and leaves behind. */

/** How the sequence running now was drawn: what fresh identities it may enrol (oracles/model/state.ts FreshEnrolments). */
export interface SequenceDraw {
  readonly freshEnrolments: FreshEnrolments;
}

export interface Sequence<M extends object, R> {
  readonly model: M;
  readonly real: R;
}

export interface ModelSpec<M extends object, R, S = unknown> {
  readonly area: string;
  readonly name: string;
  /** Every requirement the property can check; only these are reported passed. */
  readonly requirements: readonly RequirementId[];
  readonly sequences: number;
  readonly maxCommands: number;
  readonly commands: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>;
  /** Generated with the commands (so a sequence replays by seed and path): what setup sends. */
  readonly setupValues: fc.Arbitrary<S>;
  /** Fresh target state for one sequence (a session, a customer); FixtureError → not covered. */
  setup(journal: Journal, values: S, draw: SequenceDraw): Promise<Sequence<M, R>>;
  /** The final comparison of target and model, after the last command. */
  verify(sequence: Sequence<M, R>): Promise<void>;
  /** Removes what the sequence created that can be removed; never throws. */
  cleanup(sequence: Sequence<M, R>): Promise<void>;
}

/**
 * The coverage phase of a model-based property: one sequence, run after the random ones when they
 * left a rule unreached, that draws every command once in reverse order (a command that must come first, such as
 * AddSessionAttributes before any AuthenticateOBO, is listed last) and then twice in order, so
 * each command meets the state it needs whatever the seed and however few CONFORMANCE_SEQUENCES.
 * A command whose precondition does not hold is skipped by fast-check, as in any sequence.
 */
export function coverageSequence<M extends object, R>(commands: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>, seed: number): Array<fc.AsyncCommand<M, R>> {
  const draw = (round: number, order: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>) => oneOfEach(order, seed + round * 1000);
  return [...draw(0, [...commands].reverse()), ...draw(1, commands), ...draw(2, commands)];
}

/** A mismatch is already in the journal's findings; anything else stops the sequence (and, unless a re-run mends it, the property). */
function file(journal: Journal, error: unknown, redact: (text: string) => string): void {
  if (error instanceof ModelMismatch || journal.stop) return;
  journal.stop = stopOf(error, redact);
  journal.brokenBy = error;
}

/** One sequence: setup, the commands, the final comparison, and always the clean-up. */
export async function runSequence<M extends object, R, S>(
  spec: ModelSpec<M, R, S>, values: S, commands: Iterable<fc.AsyncCommand<M, R>>, journal: Journal, redact: (text: string) => string, draw: SequenceDraw = { freshEnrolments: 'any' },
): Promise<void> {
  let sequence: Sequence<M, R> | undefined;
  try {
    sequence = await spec.setup(journal, values, draw);
    const started = sequence;
    await fc.asyncModelRun(() => Promise.resolve(started), commands);
    await spec.verify(sequence);
  } catch (error) {
    file(journal, error, redact);
  } finally {
    journal.beginCleanup();
    // Transport trouble while cleaning up proves nothing about what the sequence checked; a card left
    // behind is deleted when the suite ends (state/cards.ts removeAddedCards).
    if (sequence) await spec.cleanup(sequence).catch((error: unknown) => { if (!isBrokenError(error)) file(journal, error, redact); });
  }
}
