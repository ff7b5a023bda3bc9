import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../reporting/markdown.js';
import { renderCertificate } from '../../reporting/certificate.js';
import { formatVerdictTable } from '../../reporting/live.js';
import { healthOf } from '../../suites/lib/runner/health-report.js';
import type { HealthEvent } from '../../suites/lib/runner/health.js';
import { summaryOf } from './fixtures.js';

/**
 * The target's health in the reports (issue 22): transient faults met by kind and operation, how
 * many the client's retry and a re-run of the case recovered, and what stayed broken, in
 * summary.json, summary.md, the certificate and the console.
 */
const events: HealthEvent[] = [
  { kind: 'exchange', id: 'a', operation: 'EnrollCustomer', faults: ['unavailable (503)'], answered: true },
  { kind: 'exchange', id: 'b', operation: 'EnrollCustomer', faults: ['connection reset'], answered: false },
  { kind: 'exchange', id: 'c', operation: 'FindCustomer', faults: ['rate-limited (429)', 'rate-limited (429)', 'rate-limited (429)'], answered: false },
  { kind: 'case', property: 'EnrollCustomer: a valid payload is accepted', broken: ['b'], reruns: 1, outcome: 'recovered', lostWrite: true, refusedAfterLostWrite: true },
  { kind: 'case', property: 'FindCustomer: violations of ssn are rejected', broken: ['c'], reruns: 2, outcome: 'broken', lostWrite: false, reason: 'RATE_LIMITED: 429 to all 3 attempts' },
  { kind: 'slow', operation: 'FindCustomer', ms: 1510 },
];

describe('target health', () => {
  it('adds up what each transient answer became', () => {
    const h = healthOf(events)!;
    expect(h.totals).toEqual({ met: 5, recoveredByRetry: 1, recoveredByRerun: 1, notRecovered: 3 });
    expect(h.rows).toContainEqual({ kind: 'rate-limited (429)', operation: 'FindCustomer', met: 3, recoveredByRetry: 0, recoveredByRerun: 0, notRecovered: 3 });
    expect(h.cases).toEqual({ rerun: 2, recovered: 1, stayedBroken: 1, lostWrites: 1, refusedAfterLostWrite: 1 });
    expect(h.broken).toEqual([{ property: 'FindCustomer: violations of ssn are rejected', reason: 'RATE_LIMITED: 429 to all 3 attempts' }]);
    expect(h.slowReplies).toEqual({ count: 1, longestMs: 1510 });
    expect(healthOf([])).toBeUndefined();
  });

  it('is told in summary.md, the certificate and the console', () => {
    const s = summaryOf({ health: healthOf(events)! });
    const md = renderMarkdown(s);
    expect(md).toContain('## Target health');
    expect(md).toContain('Transient faults met: 5 (429, 503, connections cut off, timeouts); 1 recovered by the client\'s retry, 1 by running their case again, 3 not recovered.');
    expect(md).toContain('| rate-limited (429) | FindCustomer | 3 | 0 | 0 | 3 |');
    expect(md).toContain('1 re-run(s) refused because the lost write had taken effect (recognised, not counted as the target\'s own refusal)');
    expect(md).toContain('Still broken after their re-runs: FindCustomer: violations of ssn are rejected (RATE_LIMITED: 429 to all 3 attempts)');
    const html = renderCertificate(s, { harnessVersion: '1.0.0', requirementLink: (id) => `#${id}` });
    expect(html).toContain('Target health: transient faults');
    expect(html).toContain('<td>connection reset</td><td>EnrollCustomer</td><td>1</td><td>0</td><td>1</td><td>0</td>');
    expect(formatVerdictTable(s)).toMatch(/Health {4}Transient faults met: 5 /);
    expect(renderCertificate(summaryOf(), { harnessVersion: '1.0.0', requirementLink: (id) => `#${id}` })).toContain('The target showed no transient fault');
  });
});
