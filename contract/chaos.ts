/**
 * REFERENCE_CHAOS: the embedded reference's chaos mode (reference/chaos.ts) as a setting. Each kind
 * is a transient fault a flaky sandbox or a proxy in front of it shows; the reference injects each
 * into `rate` of the calls it answers, drawn from a seeded generator so a run's chaos replays.
 */

/** The transient faults chaos injects, each once per `rate` of the calls. */
export const chaosKinds = {
  reset: 'the connection is reset before any reply',
  'lost-reply': 'the call is processed, then the connection closes instead of the reply',
  unavailable: '503 with Retry-After: 1',
  'rate-limited': '429 with Retry-After: 1',
  slow: 'the reply is held back 1.5 s',
} as const;

export type ChaosKind = keyof typeof chaosKinds;

export interface ChaosSettings {
  /** Share of the calls that meet each kind (0.01: about 1% each, 5% in all with the five kinds). */
  readonly rate: number;
  /** Seed of the draw; unset: the run's CONFORMANCE_SEED. */
  readonly seed?: number;
  readonly kinds: readonly ChaosKind[];
}

/** Above this the five kinds together would hit every call: not a flaky target, a broken one. */
export const maxChaosRate = 0.2;

export const chaosFormat = `a rate per kind above 0 and at most ${maxChaosRate} (0.01), optionally followed by ,seed=N and ,kinds=${Object.keys(chaosKinds).join('+')}`;

/**
 * `0.01`, `0.01,seed=7` or `rate=0.01,seed=7,kinds=reset+lost-reply`: the setting, or the sentence
 * that says what is wrong (the profile prints it beside the variable name).
 */
export function parseChaos(text: string): ChaosSettings | string {
  let rate: number | undefined;
  let seed: number | undefined;
  let kinds: ChaosKind[] = Object.keys(chaosKinds) as ChaosKind[];
  for (const [i, part] of text.split(',').map((p) => p.trim()).entries()) {
    const [key, value] = part.includes('=') ? part.split('=', 2) as [string, string] : i === 0 ? ['rate', part] : [part, ''];
    if (key === 'rate' && /^(0|[1-9]\d*)?(\.\d+)?$/.test(value) && value !== '' && value !== '.') rate = Number(value);
    else if (key === 'seed' && /^-?\d+$/.test(value)) seed = Number(value);
    else if (key === 'kinds' && value.split('+').every((k) => k in chaosKinds)) kinds = [...new Set(value.split('+') as ChaosKind[])];
    else return `must be ${chaosFormat}; "${part}" is not understood`;
  }
  if (rate === undefined || !(rate > 0) || rate > maxChaosRate) return `must be ${chaosFormat}`;
  return { rate, kinds, ...(seed === undefined ? {} : { seed }) };
}
