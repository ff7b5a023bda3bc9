import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawDir } from '../../../reporting/recorder.js';
import { readExploration, type ExplorationCounts } from '../runner/budget-report.js';
import { footprintFilePrefix, type FootprintEvent } from './footprint.js';

/** What one run left on the target: the summary reports it (issue: footprint on a shared sandbox). */
export interface FootprintCounts {
  customersEnrolled: number;
  /** Customers of the run family that earlier runs enrolled, found again instead (find-again.ts). */
  customersFoundAgain: number;
  /** Customers of the run family this run enrolled: later runs find them again. */
  familyEnrolled: number;
  cardsAdded: number;
  cardsRemoved: number;
  /** Of cardsRemoved: cards earlier runs left on customers found again. */
  cardsLeftByEarlierRuns: number;
  /** Requests sent (retries included), by operation (the token endpoint's included). */
  requests?: Record<string, number>;
  /** Customers of the run's pool (customer-pool.ts), and enrolments that needed an identity of their own. */
  customerPool?: { size: number; freshEnrolments: number };
  exploration?: ExplorationCounts;
}

/** Adds up the footprint events of every worker of a run. */
export function readFootprint(reportDir: string): FootprintCounts {
  const counts: FootprintCounts = { customersEnrolled: 0, customersFoundAgain: 0, familyEnrolled: 0, cardsAdded: 0, cardsRemoved: 0, cardsLeftByEarlierRuns: 0 };
  const dir = rawDir(reportDir);
  if (!existsSync(dir)) return counts;
  // A pool enrolled outside a run family (the embedded reference) is no fresh enrolment either.
  let outsideFamily = 0;
  for (const name of readdirSync(dir).filter((n) => n.startsWith(footprintFilePrefix))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const e = JSON.parse(line) as FootprintEvent;
        if (e.kind === 'customer') counts.customersEnrolled += 1;
        if (e.kind === 'card-added') counts.cardsAdded += 1;
        if (e.kind === 'card-removed') counts.cardsRemoved += 1;
        if (e.kind === 'customer-found') counts.customersFoundAgain += 1;
        if (e.kind === 'family-enrolled') counts.familyEnrolled += 1;
        if (e.kind === 'pool-customer' && !e.family) outsideFamily += 1;
        if (e.kind === 'card-left-removed') {
          counts.cardsRemoved += 1;
          counts.cardsLeftByEarlierRuns += 1;
        }
        if (e.kind === 'request') (counts.requests ??= {})[e.operation] = (counts.requests[e.operation] ?? 0) + e.sent;
        if (e.kind === 'pool-customer') counts.customerPool = { size: (counts.customerPool?.size ?? 0) + 1, freshEnrolments: 0 };
      } catch {
        // a line cut short by a crash: the counts stay a lower bound
      }
    }
  }
  if (counts.customerPool) counts.customerPool.freshEnrolments = Math.max(0, counts.customersEnrolled - counts.familyEnrolled - outsideFamily);
  const exploration = readExploration(dir);
  if (exploration) counts.exploration = exploration;
  return counts;
}
