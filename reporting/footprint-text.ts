import type { Footprint } from './model.js';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * The footprint's one line, the same words in the console, summary.md and the certificate: customers
 * enrolled and found again (the run family, CONFORMANCE_FAMILY), cards added and removed.
 */
export function footprintHeadline(f: Footprint): string {
  const left = f.cardsLeftByEarlierRuns ? ` (${n(f.cardsLeftByEarlierRuns)} left by an earlier run)` : '';
  return `${f.customersEnrolled} customers enrolled, ${f.customersFoundAgain ?? 0} found again, ${f.cardsAdded} cards added, ${f.cardsRemoved} removed${left}`;
}

/**
 * What a run cost the target, for people (summary.md, the console, the certificate): requests by
 * operation, the customer pool, and the exploration the request budget left out. Empty parts are left out.
 */
export function footprintDetail(f: Footprint): string[] {
  const lines: string[] = [];
  const requests = Object.entries(f.requests ?? {}).sort((a, b) => b[1] - a[1]);
  if (requests.length)
    lines.push(`Requests: ${n(requests.reduce((t, [, v]) => t + v, 0))} sent (${requests.map(([op, v]) => `${op} ${n(v)}`).join(', ')}).`);
  if (f.customerPool) {
    const family = f.familyEnrolled || f.customersFoundAgain
      ? ` Of the run family (CONFORMANCE_FAMILY: the pool, the model sequences' customers but the customers model's enrolments, the business, ownership and concurrency scenarios' customers, found again by later runs): ${f.familyEnrolled ?? 0} enrolled, ${f.customersFoundAgain ?? 0} found again.`
      : '';
    lines.push(`Customers: a pool of ${f.customerPool.size} shared by every property that needs no fresh one; ${f.customerPool.freshEnrolments} fresh enrolment(s) for cases that need an identity of their own (EnrollCustomer's bounds payloads and open cases, the D9 scenario's customers, concurrency, the customers model's EnrollCustomer commands; with no run family, the scenarios' and models' other customers too).${family}`);
  }
  const e = f.exploration;
  if (e) {
    const by = e.budget === undefined ? 'CONFORMANCE_RUNS / CONFORMANCE_SEQUENCES set' : `CONFORMANCE_BUDGET ${n(e.budget)} requests`;
    const cut = e.cut.length ? `; ${e.cut.length} of ${e.properties} properties cut short by the budget` : '';
    lines.push(`Exploration: ${n(e.coverage)} coverage cases, then ${n(e.granted)} of ${n(e.wished)} planned random cases run (${by})${cut}.`);
  }
  return lines;
}
