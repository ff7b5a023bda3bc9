import type fc from 'fast-check';
import type { Model } from '../../../oracles/model/state.js';
import type { SequenceRun } from './real.js';

/**
 * One operation of the model-based run. Parameters are indices and generated values;
 * `run` resolves them against the model, names the step with the resolved request
 * (`AddOrUpdateCard(customer #1, card #2 ***1111, expiration 0427)`), sends it and
 * compares the reply with what the model predicts.
 */
export abstract class ModelCommand implements fc.AsyncCommand<Model, SequenceRun> {
  #resolved: string | undefined;

  abstract check(m: Readonly<Model>): boolean;

  protected abstract act(m: Model, r: SequenceRun): Promise<void>;

  /** The command before resolution, e.g. `AddOrUpdateCard(customer[1], card[0], new expiration 0427)`. */
  protected abstract describe(): string;

  /** Names the step with the resolved request; the story and toString() print it. */
  protected begin(r: SequenceRun, label: string): void {
    this.#resolved = label;
    r.step(label);
  }

  run(m: Model, r: SequenceRun): Promise<void> {
    return this.act(m, r);
  }

  toString(): string {
    return this.#resolved ?? this.describe();
  }
}
