import { describe, expect, it } from 'vitest';
import { fileFilters, suiteFiles, unmatchedFilters, unmatchedFiltersMessage } from '../../bin/suite-filters.js';

/**
 * A mistyped suite filter stops `npm run conformance` with exit 2 and the names that exist
 * (bin/conformance.ts): before, vitest ran nothing and the run ended INCONCLUSIVE (exit 3),
 * "the suites recorded no result", as if the target were at fault.
 */
describe('suite file filters of npm run conformance', () => {
  it('reads file filters, never an option or the value of -t or --shard', () => {
    expect(fileFilters(['suites/history.conformance.ts', '-t', 'paging', '--shard', '1/2', '--shard=2/2', 'token'])).toEqual(['suites/history.conformance.ts', 'token']);
  });

  it('names the filters no suite file matches, and accepts a part of a path, several files, or an absolute path', () => {
    const files = suiteFiles();
    expect(files).toContain('suites/history.conformance.ts');
    expect(unmatchedFilters(['suites/history.conformance.ts', 'suites/stateful-', 'token', '-t', 'no-such-test'], files)).toEqual([]);
    expect(unmatchedFilters(['/work/x/suites/history.conformance.ts'], files, '/work/x')).toEqual([]);
    expect(unmatchedFilters(['suites/field-rules.conformance.ts', 'history'], files)).toEqual(['suites/field-rules.conformance.ts']);
  });

  it('says what is wrong and what to give instead', () => {
    const message = unmatchedFiltersMessage(['suites/field-rules.conformance.ts']);
    expect(message).toMatch(/^No suite file matches "suites\/field-rules\.conformance\.ts": give a part of a suite file's path \(.*enroll-customer.*history.*\), or no filter/);
  });
});
