import { chaosKinds, type ChaosKind, type ChaosSettings } from '../contract/chaos.js';
import { prng } from '../contract/seeded.js';
import type { Interceptor, PlannedAnswer } from './interception.js';

/**
 * The reference's chaos mode (REFERENCE_CHAOS): a flaky sandbox, or the fault-injecting proxy a
 * partner puts in front of one, as an interceptor of the reference's interception hook. Each kind
 * of transient fault hits `rate` of the calls, drawn from a seeded generator (the same seed gives
 * the same draws; which call meets them depends on the order calls arrive in). What was injected is
 * counted, so a run can be held against what the harness reported.
 */

/** What a throttled or overloaded target asks: come back in a second. Small, so a run stays fast. */
export const chaosRetryAfterSeconds = 1;
/** Longer than a normal answer, well within the harness's timeout: it must cost time, not a case. */
export const chaosDelayMs = 1500;

/**
 * The seed sweep's chaos group (bin/sweep-plan.ts): every seed also runs against a clean reference
 * with each kind at about 1% of the calls; clean means exit 0 with no row failed or broken, as for
 * the other groups. @see issue 22 goals, `npm run bench` section (e)
 */
export const chaosSweepGroup = { name: 'chaos', chaos: '0.01' } as const;

export interface Chaos {
  readonly interceptor: Interceptor;
  /** Calls that met each kind so far. */
  readonly injected: Readonly<Record<ChaosKind, number>>;
}

const problem = (status: number, title: string, errorCode: string) => ({
  kind: 'reply', status, headers: { 'content-type': 'application/problem+json', 'retry-after': String(chaosRetryAfterSeconds) },
  body: { type: 'about:blank', title, status, errorCode, detail: 'chaos mode of the reference: a transient answer, come back after Retry-After' },
}) as const satisfies PlannedAnswer;

const answers: Readonly<Record<ChaosKind, PlannedAnswer>> = {
  reset: { kind: 'reset' },
  'lost-reply': { kind: 'lose-reply' },
  unavailable: problem(503, 'Service Unavailable', 'SERVICE_UNAVAILABLE'),
  'rate-limited': problem(429, 'Too Many Requests', 'TOO_MANY_REQUESTS'),
  slow: { kind: 'delay', ms: chaosDelayMs },
};

/**
 * An interceptor that answers `rate` of the calls with each kind of `settings.kinds`. `skip` names
 * paths that are the reference's own seams, not the interface (the expired-token path).
 */
export function chaosInterceptor(settings: ChaosSettings, seed: number, skip: (path: string) => boolean = () => false): Chaos {
  const random = prng(settings.seed ?? seed);
  const injected = Object.fromEntries(Object.keys(chaosKinds).map((k) => [k, 0])) as Record<ChaosKind, number>;
  const interceptor: Interceptor = (call) => {
    if (skip(call.path)) return undefined;
    const draw = random();
    const index = Math.floor(draw / settings.rate);
    const kind = settings.kinds[index];
    if (kind === undefined) return undefined;
    injected[kind] += 1;
    return answers[kind];
  };
  return { interceptor, injected };
}
