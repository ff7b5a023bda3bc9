import { personalData, type PersonalDataSource } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';

/** One source per worker (keyed on its client): two suite files of a worker must not draw the same people. */
const people = new WeakMap<HarnessContext['client'], PersonalDataSource>();

/**
 * Identities differ per run and per worker even under a fixed CONFORMANCE_SEED: a nightly
 * run with a pinned seed must not meet last night's SSNs as duplicates (D16).
 */
function personSource(ctx: HarnessContext): PersonalDataSource {
  let source = people.get(ctx.client);
  if (!source) {
    const started = Date.parse(process.env.CONFORMANCE_RUN_STARTED ?? '') || Date.now();
    source = personalData({ seed: (ctx.runSeed ^ Math.floor(started / 1000) ^ (process.pid << 7)) >>> 0 });
    people.set(ctx.client, source);
  }
  return source;
}

/** The next identity of this worker: never an SSN or e-mail it used before. */
export const nextPerson = (ctx: HarnessContext) => personSource(ctx).next();
