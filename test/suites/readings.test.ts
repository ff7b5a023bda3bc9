import { describe, expect, it } from 'vitest';
import { readingCatalogue, readingSet } from '../../reference/readings.js';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';

/**
 * No false alarm: the embedded reference switched to conformant alternative readings
 * (reference/readings.ts, each allowed by decisions.md or interface.md) must pass the whole
 * conformance run: exit 0, no row failed or broken. Compatible readings share a run to keep
 * the file short; every catalogued reading is in exactly one group.
 */
interface Group {
  readonly readings: readonly string[];
  /** Observed-behaviour notes the report must carry: requirement id → text naming the reading. */
  readonly observed?: Readonly<Record<string, RegExp>>;
  /** Rows a reading makes unrunnable: they must be not-covered, never passed or failed. */
  readonly notCovered?: readonly string[];
}

const groups: readonly Group[] = [
  {
    readings: [
      'find-empty-customer-id', 'session-refused-403', 'success-no-content', 'media-types-plain', 'decline-problem',
      'duplicate-problem-codes', 'sattr-missing-token-400', 'cattr-unknown-customer-ok', 'paging-plus-one', 'page-size-zero-rejected',
      'www-authenticate-realm', 'delete-unknown-404', 'invalid-json-other-code', 'version-required', 'problem-type-alt-urls',
      'detail-without-code', 'extra-members', 'upper-case-guids', 'dob-year-first-only', 'allow-texts-boolean-only', 'keys-camel-case',
      'keys-several-per-field', 'token-missing-scope-invalid-scope', 'allow-list-close', 'sso-token-single-use', 'cards-newest-first',
      'hash-id-filled', 'non-json-400', 'created-201', 'timestamps-whole-seconds',
    ],
    observed: {
      'FIND-NOT-FOUND': /empty customerId/, 'HISTORY-PAGING': /pageSize \+ 1/,
      'VERSION-HEADER': /omitted: 400/, 'ERR-CUSTOMER-NOT-FOUND': /no customer answers 204/,
    },
  },
  {
    readings: [
      'session-refused-400', 'success-body-echo', 'cattr-missing-required-422', 'history-unknown-reference-422',
      'auth-partner-no-content', 'sparse-card-after-upsert', 'timestamps-offset-zero', 'dob-short-forms', 'card-lengths-described',
      'keys-pascal-case', 'empty-optional-rejected', 'token-body-client-400', 'tcard-new-token-same-card', 'sso-token-any-issued',
      'history-total-unfiltered', 'tokenized-stars', 'decline-400-legacy', 'duplicate-409-legacy',
    ],
    observed: { 'FIND-NOT-FOUND': /CUSTOMER_NOT_FOUND/, 'HISTORY-PAGING': /holds pageSize transactions/ },
  },
  {
    readings: ['history-none'],
    notCovered: ['HISTORY-ORDER', 'HISTORY-PAGE-SIZE', 'HISTORY-PAGING', 'HISTORY-ACCOUNT-FILTER', 'HISTORY-TOTAL', 'HISTORY-SHAPE'],
  },
];

function rowsWith(run: ConformanceRun, statuses: readonly string[]): string[] {
  return (run.summary?.requirements ?? []).filter((r) => statuses.includes(r.status)).map((r) => `${r.id}: ${r.status} ${r.reasons.join(' ')}`);
}

function readingRun(readings: readonly string[]): Promise<ConformanceRun> {
  return runConformance({ runs: 20, seed: 20261122, env: { REFERENCE_READINGS: readings.join(','), CONFORMANCE_SEQUENCES: '10', CONFORMANCE_WRITE_RUNS: '5' } });
}

describe('conformant alternative readings raise no false alarm', () => {
  it('groups every catalogued reading exactly once', () => {
    const grouped = groups.flatMap((g) => g.readings);
    expect([...grouped].sort()).toEqual(readingCatalogue.map((r) => r.name).sort());
  });

  for (const group of groups) {
    it(`passes with ${group.readings.join(', ')}`, async () => {
      const run = await readingRun(group.readings);
      expect(rowsWith(run, ['failed', 'broken']), run.stdout.slice(-3000)).toEqual([]);
      expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
      // A sandbox run removes every card it added, whatever the card's other fields read (sparse-card-after-upsert).
      expect(run.summary!.footprint?.cardsRemoved).toBe(run.summary!.footprint?.cardsAdded);
      for (const id of group.notCovered ?? []) {
        const row = run.summary!.requirements.find((r) => r.id === id);
        expect(row?.status, id).toBe('not-covered');
      }
      for (const [id, text] of Object.entries(group.observed ?? {})) {
        const notes = run.summary!.observed.filter((o) => o.requirement === id).map((o) => o.observed).join(' | ');
        expect(notes, id).toMatch(text);
      }
    }, 180_000);
  }
});

describe('reading names', () => {
  it('refuses an unknown reading with a typed error naming it', () => {
    expect(() => readingSet(['paging-plus-two'])).toThrow(expect.objectContaining({ code: 'READING_UNKNOWN', reading: 'paging-plus-two' }));
  });

  it('stops a conformance run on an unknown REFERENCE_READINGS name with exit 2 and the name in the message', async () => {
    const run = await runConformance({ runs: 1, env: { REFERENCE_READINGS: 'paging-plus-two' } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/REFERENCE_READINGS.*paging-plus-two/);
  }, 60_000);
});
