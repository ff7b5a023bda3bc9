import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { FreshValues, maxLanes } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { privateDirVariable } from './customer-pool.js';

/**
 * The one source of values the harness calls new (generators/fresh.ts), one per worker (keyed on
 * its client, as the worker's other lasting state): every model command, field-rule case and
 * fixture that sends a card, a token, an identity or a GUID it calls new takes it from here.
 */
const sources = new WeakMap<HarnessContext['client'], FreshValues>();

/**
 * This worker's lane: the first `fresh-lane-N` file it can create in the run's private directory
 * (bin/conformance.ts makes one per run; creating a file that exists fails, so no two workers of
 * the run share a lane). Without that directory (suites run by hand) the process id stands in.
 */
function claimLane(env: NodeJS.ProcessEnv): number {
  const dir = env[privateDirVariable];
  if (!dir) return process.pid % maxLanes;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (let lane = 0; lane < maxLanes; lane += 1) {
    try {
      closeSync(openSync(join(dir, `fresh-lane-${lane}`), 'wx'));
      return lane;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new RangeError(`all ${maxLanes} fresh-value lanes of the run are taken in ${dir}: more workers than a run can have`);
}

/**
 * The run's key, the same in every worker: the seed and the start bin/conformance.ts gives them,
 * so a nightly run with a pinned CONFORMANCE_SEED still sends values last night's did not (D16).
 * Without them (suites run by hand), the process's start.
 */
function runKey(ctx: HarnessContext, env: NodeJS.ProcessEnv): number {
  const started = Date.parse(env.CONFORMANCE_RUN_STARTED ?? '') || performance.timeOrigin;
  return (ctx.runSeed ^ Math.floor(started / 1000)) >>> 0;
}

export function freshValues(ctx: HarnessContext, env: NodeJS.ProcessEnv = process.env): FreshValues {
  let source = sources.get(ctx.client);
  if (!source) {
    const { declinedCardNumber, deniedCardBin } = ctx.profile;
    source = new FreshValues({ run: runKey(ctx, env), lane: claimLane(env) }, { declinedCardNumber, deniedCardBin });
    sources.set(ctx.client, source);
  }
  return source;
}
