import type { PersonalData } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { freshValues } from './fresh.js';

/**
 * The next identity of this worker: an SSN and e-mail no worker of the run drew (fresh.ts), and
 * that differ per run even under a fixed CONFORMANCE_SEED: a nightly run with a pinned seed must
 * not meet last night's SSNs as duplicates (D16).
 */
export const nextPerson = (ctx: HarnessContext): PersonalData => freshValues(ctx).person();
