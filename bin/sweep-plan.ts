import { z } from 'zod';
import { readingGroups } from '../reference/reading-groups.js';
import { chaosSweepGroup } from '../reference/chaos.js';

/** Seeds swept when SWEEP_SEEDS is unset: 1..10. */
export const defaultSeedCount = 10;

/**
 * Plain runs of `npm run sweep -- --rare` when SWEEP_SEEDS is unset. A false alarm of one run in 25
 * shows in 60 runs with probability 1 - (24/25)^60 = 91% (75 runs: 95%, SWEEP_SEEDS=75); one in 20
 * with 95%. The sweep of every group (above) runs too few plain runs to see such an event at all.
 */
export const rareSeedCount = 60;

/** Chance that `runs` runs meet an event of probability `p` per run at least once. */
export const chanceToSee = (p: number, runs: number): number => 1 - (1 - p) ** runs;

/** One conformance run of the sweep: a seed and the readings switched on. */
export interface SweepItem {
  readonly seed: number;
  /** `defaults` (no reading) or a group name of reference/reading-groups.ts. */
  readonly group: string;
  readonly readings: readonly string[];
  /** Rows the readings make unrunnable; exit 4 for exactly these is clean. */
  readonly notCovered: readonly string[];
  /** REFERENCE_CHAOS of the run (the chaos group): transient faults a clean run must survive. */
  readonly chaos?: string;
}

export interface SweepSettings {
  readonly seeds: readonly number[];
  /** `groups`: every seed with each reading group and chaos; `rare`: plain runs only, many seeds, to see a rare false alarm. */
  readonly mode: 'groups' | 'rare';
  /** CONFORMANCE_RUNS of every run; the profile's default when unset. */
  readonly runs?: number;
  /** Runs at a time. */
  readonly parallel: number;
  /** SWEEP_GROUPS: the groups to run (`defaults`, a reading group, `chaos`); every one when unset. */
  readonly groups?: readonly string[];
  /** SWEEP_AUDIT (default on): each run records its traffic and the audit judges it, a finding of it a false alarm too. */
  readonly audit: boolean;
}

/** Every group name a `groups` sweep knows, in the order it runs them. */
export const sweepGroupNames = (): string[] => ['defaults', ...readingGroups.map((g) => g.name), chaosSweepGroup.name];

/** SWEEP_GROUPS: a comma list of group names; an unknown one stops the sweep naming the known ones. */
function parseGroups(raw: string | undefined): string[] | undefined {
  const names = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!names.length) return undefined;
  const known = sweepGroupNames();
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) throw new SweepConfigError('SWEEP_GROUPS', `must name groups among ${known.join(', ')}`, raw ?? '');
  return [...new Set(names)];
}

/** A bad SWEEP_* variable: the sweep stops before any run (exit 2). */
export class SweepConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly variable: string, rule: string, readonly received: string) {
    super(`${variable} ${rule}, received ${JSON.stringify(received)}`);
    this.name = 'SweepConfigError';
  }
}

const whole = z.coerce.number().int().positive();
const seedItem = /^(\d+)(?:-(\d+))?$/;

/** `10` → seeds 1..10; `3,17,99` → those; `11-20` or `42,` → ranges and single seeds. */
export function parseSeeds(raw: string | undefined): number[] {
  const text = (raw ?? '').trim();
  if (!text) return Array.from({ length: defaultSeedCount }, (_, i) => i + 1);
  const rule = 'must be a count (10) or a list of seeds and ranges (3,17,99 or 11-20)';
  if (/^\d+$/.test(text)) {
    const count = whole.safeParse(text);
    if (!count.success) throw new SweepConfigError('SWEEP_SEEDS', rule, text);
    return Array.from({ length: count.data }, (_, i) => i + 1);
  }
  const seeds = text.split(',').map((s) => s.trim()).filter(Boolean).flatMap((item) => {
    const m = seedItem.exec(item);
    if (!m || (m[2] !== undefined && Number(m[2]) < Number(m[1]))) throw new SweepConfigError('SWEEP_SEEDS', rule, text);
    const from = Number(m[1]);
    return Array.from({ length: (m[2] === undefined ? from : Number(m[2])) - from + 1 }, (_, i) => from + i);
  });
  if (!seeds.length) throw new SweepConfigError('SWEEP_SEEDS', rule, text);
  return [...new Set(seeds)];
}

function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const parsed = whole.safeParse(raw);
  if (!parsed.success) throw new SweepConfigError(name, 'must be a whole number above 0', raw);
  return parsed.data;
}

/**
 * `--rare`: a count in SWEEP_SEEDS (or rareSeedCount when unset) is that many seeds drawn at random, so
 * every rare sweep explores seeds no earlier one ran; each run's replay line names its seed.
 */
export function sweepSettings(env: NodeJS.ProcessEnv, defaultParallel: number, mode: SweepSettings['mode'] = 'groups', random: () => number = Math.random): SweepSettings {
  const runs = positive(env, 'SWEEP_RUNS');
  const raw = (env.SWEEP_SEEDS ?? '').trim();
  const seeds = mode === 'rare' && (raw === '' || /^\d+$/.test(raw))
    ? randomSeeds(raw === '' ? rareSeedCount : parseSeeds(raw).length, random)
    : parseSeeds(raw);
  const groups = parseGroups(env.SWEEP_GROUPS);
  return { seeds, mode, ...(runs ? { runs } : {}), parallel: positive(env, 'SWEEP_PARALLEL') ?? defaultParallel, ...(groups ? { groups } : {}), audit: onOff(env, 'SWEEP_AUDIT', true) };
}

/** A 0/1 switch; anything else stops the sweep naming the variable. */
function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (raw === '0' || raw === '1') return raw === '1';
  throw new SweepConfigError(name, 'must be 0 (skip) or 1 (the default)', raw);
}

/** `count` different seeds between 1 and 2^31 - 1. */
function randomSeeds(count: number, random: () => number): number[] {
  const seeds = new Set<number>();
  while (seeds.size < count) seeds.add(1 + Math.floor(random() * 0x7ffffffe));
  return [...seeds];
}

/**
 * Every seed once with no reading, once per reading group, so every reading is on in some run, and
 * once under chaos (a clean reference with transient faults, reference/chaos.ts chaosSweepGroup).
 */
export function sweepPlan(seeds: readonly number[], mode: SweepSettings['mode'] = 'groups', only?: readonly string[]): SweepItem[] {
  if (mode === 'rare') return seeds.map((seed) => ({ seed, group: 'defaults', readings: [], notCovered: [] }));
  const groups = [{ name: 'defaults', readings: [], notCovered: [] }, ...readingGroups];
  const chosen = (name: string) => !only || only.includes(name);
  return seeds.flatMap((seed) => [
    ...groups.filter((g) => chosen(g.name)).map((g) => ({ seed, group: g.name, readings: g.readings, notCovered: g.notCovered ?? [] })),
    ...(chosen(chaosSweepGroup.name) ? [{ seed, group: chaosSweepGroup.name, readings: [], notCovered: [], chaos: chaosSweepGroup.chaos }] : []),
  ]);
}

/** The command that repeats one sweep run by hand. */
export function replayCommand(item: SweepItem, settings: Pick<SweepSettings, 'runs'>, passedOn: Readonly<Record<string, string>> = {}): string {
  const vars = {
    ...(item.readings.length ? { REFERENCE_READINGS: item.readings.join(',') } : {}),
    ...(item.chaos ? { REFERENCE_CHAOS: item.chaos } : {}),
    CONFORMANCE_SEED: String(item.seed),
    ...(settings.runs ? { CONFORMANCE_RUNS: String(settings.runs) } : {}),
    ...passedOn,
  };
  return `${Object.entries(vars).map(([k, v]) => `${k}=${v}`).join(' ')} npm run conformance`;
}
