import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Granted } from './budget.js';

/** What the request budget let the run explore, added up over the properties that ran. */
export interface ExplorationCounts {
  /** CONFORMANCE_BUDGET as the properties saw it; absent when CONFORMANCE_RUNS / CONFORMANCE_SEQUENCES decided every count. */
  budget?: number;
  properties: number;
  /** Coverage cases, run whatever the budget. */
  coverage: number;
  /** Random cases (and model sequences) the properties asked for, and those the budget let run. */
  wished: number;
  granted: number;
  /** Properties that ran fewer random cases than they asked for, fewest first. */
  cut: Array<{ property: string; unit: Granted['unit']; granted: number; wished: number }>;
}

/** Adds up raw/exploration-*.jsonl (one line per property, budget.ts); undefined when no property wrote one. */
export function readExploration(rawDir: string): ExplorationCounts | undefined {
  if (!existsSync(rawDir)) return undefined;
  const lines: Granted[] = [];
  for (const name of readdirSync(rawDir).filter((n) => n.startsWith('exploration-'))) {
    for (const line of readFileSync(join(rawDir, name), 'utf8').split('\n')) {
      try {
        if (line.trim()) lines.push(JSON.parse(line) as Granted);
      } catch {
        // a line cut short by a crash: the counts stay a lower bound
      }
    }
  }
  if (lines.length === 0) return undefined;
  const budget = lines.find((l) => l.budget !== undefined && l.budget !== null)?.budget;
  return {
    ...(budget === undefined || budget === null ? {} : { budget }),
    properties: lines.length,
    coverage: lines.reduce((n, l) => n + l.coverage, 0),
    wished: lines.reduce((n, l) => n + l.wished, 0),
    granted: lines.reduce((n, l) => n + l.granted, 0),
    cut: lines.filter((l) => l.granted < l.wished)
      .map((l) => ({ property: l.name, unit: l.unit, granted: l.granted, wished: l.wished }))
      .sort((a, b) => a.granted - b.granted || a.property.localeCompare(b.property)),
  };
}
