import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawDir } from '../../../reporting/recorder.js';
import type { HealthRow, TargetHealth } from '../../../reporting/model.js';
import { healthFilePrefix, type HealthEvent } from './health.js';

/** Adds up the health events of every worker (and every shard) of a run; undefined when the target showed no transient fault. */
export function readHealth(reportDir: string): TargetHealth | undefined {
  const dir = rawDir(reportDir);
  if (!existsSync(dir)) return undefined;
  const events: HealthEvent[] = [];
  for (const name of readdirSync(dir).filter((n) => n.startsWith(healthFilePrefix))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      try {
        if (line.trim()) events.push(JSON.parse(line) as HealthEvent);
      } catch {
        // a line cut short by a crash: the counts stay a lower bound
      }
    }
  }
  return events.length ? healthOf(events) : undefined;
}

type Case = Extract<HealthEvent, { kind: 'case' }>;

/** The report's view of the events (pure: the self-tests call it). */
export function healthOf(events: readonly HealthEvent[]): TargetHealth | undefined {
  const cases = events.filter((e): e is Case => e.kind === 'case');
  const fateOf = new Map<string, Case['outcome']>();
  for (const c of cases) for (const id of c.broken) fateOf.set(id, c.outcome);
  const rows = new Map<string, { -readonly [K in keyof HealthRow]: HealthRow[K] }>();
  for (const e of events) {
    if (e.kind !== 'exchange') continue;
    const fate = e.answered ? 'recoveredByRetry' : fateOf.get(e.id) === 'recovered' ? 'recoveredByRerun' : 'notRecovered';
    for (const kind of e.faults) {
      const key = `${kind}\u0000${e.operation}`;
      const row = rows.get(key) ?? { kind, operation: e.operation, met: 0, recoveredByRetry: 0, recoveredByRerun: 0, notRecovered: 0 };
      row.met += 1;
      row[fate] += 1;
      rows.set(key, row);
    }
  }
  const slow = events.filter((e): e is Extract<HealthEvent, { kind: 'slow' }> => e.kind === 'slow');
  if (rows.size === 0 && cases.length === 0 && slow.length === 0) return undefined;
  const list = [...rows.values()].sort((a, b) => b.met - a.met || a.kind.localeCompare(b.kind) || a.operation.localeCompare(b.operation));
  const sum = (k: 'met' | 'recoveredByRetry' | 'recoveredByRerun' | 'notRecovered') => list.reduce((n, r) => n + r[k], 0);
  const stayed = cases.filter((c) => c.outcome === 'broken');
  return {
    rows: list,
    totals: { met: sum('met'), recoveredByRetry: sum('recoveredByRetry'), recoveredByRerun: sum('recoveredByRerun'), notRecovered: sum('notRecovered') },
    cases: {
      rerun: cases.filter((c) => c.reruns > 0).length,
      recovered: cases.filter((c) => c.outcome === 'recovered').length,
      stayedBroken: stayed.length,
      lostWrites: cases.filter((c) => c.lostWrite).length,
      refusedAfterLostWrite: cases.filter((c) => c.refusedAfterLostWrite).length,
    },
    broken: stayed.map((c) => ({ property: c.property, reason: c.reason ?? 'broken' })),
    ...(slow.length ? { slowReplies: { count: slow.length, longestMs: Math.max(...slow.map((s) => s.ms)) } } : {}),
  };
}
