import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderJunit, renderMarkdown, writeReports } from '../../reporting/write.js';
import { xmlEscape } from '../../reporting/junit.js';
import { clearResults, readResults, ResultSink } from '../../reporting/recorder.js';
import { formatVerdictTable } from '../../reporting/live.js';
import { allureReporterConfig } from '../../reporting/allure.js';
import { records, summaryOf } from './fixtures.js';

/** A small well-formedness check: balanced tags, quoted attributes, no raw < or stray & in text. */
function parseXml(xml: string): Array<{ name: string; attrs: Record<string, string> }> {
  const elements: Array<{ name: string; attrs: Record<string, string> }> = [];
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g;
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  let last = 0;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const text = body.slice(last, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad text ${text.slice(0, 40)}`);
    last = tag.lastIndex;
    const [, close, name = '', rawAttrs = '', selfClose] = m;
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
      continue;
    }
    const attrs = Object.fromEntries([...rawAttrs.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    elements.push({ name, attrs: attrs as Record<string, string> });
    if (!selfClose) stack.push(name);
  }
  if (stack.length || body.slice(last).trim()) throw new Error('unclosed elements or trailing text');
  return elements;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('reports', () => {
  it('junit.xml is well-formed with one testsuite per section and the right counts', () => {
    const s = summaryOf({ target: { baseUrl: 'https://t/?a=1&b=<2>', kind: 'sandbox "x"' } });
    const elements = parseXml(renderJunit(s));
    // As the gate: the blocking failure and the two unchecked documented rows fail, the advisory failure is skipped, and the verdict case fails.
    expect(elements[0]).toMatchObject({ name: 'testsuites', attrs: { tests: '9', failures: '4', errors: '0', skipped: '3' } });
    expect(elements.filter((e) => e.name === 'testsuite').map((e) => [e.attrs.name, e.attrs.tests, e.attrs.failures, e.attrs.skipped])).toEqual([
      ['verdict', '1', '1', '0'], ['Errors', '1', '0', '0'], ['FindCustomer', '4', '2', '1'], ['GetTransactionHistory', '1', '0', '1'],
      ['EnrollCustomer', '1', '0', '1'], ['Authentication', '1', '1', '0'],
    ]);
    expect(elements.filter((e) => e.name === 'testcase')).toHaveLength(9);
    expect(elements.filter((e) => e.name === 'failure').map((e) => e.attrs.type)).toEqual(['fail', 'blocking', 'unchecked', 'unchecked']);
    expect(xmlEscape('a<b>&"\'\u0001')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });

  it('summary.md of a small run', () => {
    expect(renderMarkdown(summaryOf())).toMatchInlineSnapshot(`
      "# Conformance report: FAIL (exit 1)

      A blocking requirement failed, or a waiver expired. Send the partner each failure with its replay and curl command, or renew the expired waiver.

      Target https://127.0.0.1:8443 (reference); 2030-01-02T03:00:00.000Z to 2030-01-02T03:04:05.000Z; selection: everything.

      Run: seed not recorded, partner-conformance 0.1.0, profile not recorded. Replay with the same TARGET_* variables: \`npm run conformance\`

      - 1 blocking requirement(s) failed: FIND-SSN-LENGTH.
      - 2 documented requirement(s) left unchecked: FIND-SSN-FORMAT, TOKEN-SHAPE. Each row's reason says what would let the run check it; CONFORMANCE_SKIP=<id> or a waiver accepts the gap.

      ## Counts

      | passed | partly checked | failed | broken | waived | skipped by profile | not covered | not selected | observed only |
      |---|---|---|---|---|---|---|---|---|
      | 2 | 0 | 2 | 0 | 0 | 1 | 2 | 0 | 1 |

      Readings of ambiguous points observed: 1 (listed below; a row checked by other rules as well counts under its status above).

      ## Failures

      ### FIND-SSN-LENGTH — failed

      ssn length 9..9 (interface.md § FindCustomer, documented, blocking)

      - **Validation key names the wrong field** (\`validationKeyNamesField\`, documented, 2 occurrences)
        Received key command.Dob; documented command.Ssn

        Replay:

        \`\`\`
        CONFORMANCE_SEED=42 CONFORMANCE_PATH=3:0 npm run conformance -- suites/find-customer
        \`\`\`

        curl:

        \`\`\`
        curl -X POST 'https://t/api/v1/partners/find-customer' -H 'Authorization: Bearer ***' --data '{"Ssn":"1234567890"}'
        \`\`\`

      ### HISTORY-PAGING — failed (advisory)

      paging starts at the referenced transaction (interface.md § GetTransactionHistory, ambiguous)

      - **Page has a gap** (\`pagingContinuous\`, ambiguous)
        Received 3 items after the reference; documented at most pageSize+1


      ## Unchecked documented requirements (exit 4)

      Neither checked in full nor accepted. Give the run what the reason names, or accept the gap with CONFORMANCE_SKIP=<id> or a waiver.

      | requirement | section | what was left unchecked | why not checked |
      |---|---|---|---|
      | FIND-SSN-FORMAT | FindCustomer | all of it | no suite recorded a result |
      | TOKEN-SHAPE | Authentication | all of it | no suite recorded a result |

      ## Requirements

      | requirement | section | severity | status | checks |
      |---|---|---|---|---|
      | GEN-NO-5XX | Errors | unspecified | passed | statusMatches |
      | FIND-SSN-LENGTH | FindCustomer | documented | failed | statusMatches, validationKeyNamesField |
      | FIND-SSN-FORMAT | FindCustomer | documented | not-covered (unchecked) | - |
      | FIND-NOT-FOUND | FindCustomer | ambiguous | observed | statusMatches |
      | HISTORY-PAGING | GetTransactionHistory | ambiguous | failed (advisory) | pagingContinuous, statusMatches |
      | FIND-SUCCESS | FindCustomer | documented | passed | statusMatches |
      | ENROLL-SUCCESS | EnrollCustomer | documented | skipped-by-profile | statusMatches |
      | TOKEN-SHAPE | Authentication | documented | not-covered (unchecked) | - |

      ## Observed behaviour (ambiguous points): 1

      | requirement | decisions | the target showed |
      |---|---|---|
      | FIND-NOT-FOUND | D8 | 422 CUSTOMER_NOT_FOUND |

      ## Response coverage: 2 of 3 documented responses observed

      | operation | status | code | observed |
      |---|---|---|---|
      | FindCustomer | 200 | success | yes |
      | FindCustomer | 422 | CUSTOMER_NOT_FOUND | no |
      | FindCustomer | 400 | VALIDATION | yes |

      Responses seen that the contract does not list: FindCustomer 500 NONE.

      ## Left out

      | requirement | status | why |
      |---|---|---|
      | ENROLL-SUCCESS | skipped-by-profile | production profile sends no write |

      ## Compared with the previous run

      No baseline given (CONFORMANCE_BASELINE).
      "
    `);
  });

  // Redaction is the workers' ResultSink's, before a summary exists: test/reporting/redaction-reports.test.ts.
  it('writes summary.json, summary.md, junit.xml and certificate.html', () => {
    dir = mkdtempSync(join(tmpdir(), 'report-'));
    const files = writeReports(summaryOf(), { reportDir: dir });
    expect(files.map((f) => f.slice(dir!.length + 1))).toEqual(['summary.json', 'summary.md', 'junit.xml', 'certificate.html']);
    expect(readFileSync(files[1]!, 'utf8')).toContain('Received key command.Dob; documented command.Ssn');
    expect(JSON.parse(readFileSync(files[0]!, 'utf8'))).toMatchObject({ verdict: 'fail', exitCode: 1 });
    // Issue 30: the catalogue travels with the reports, so a downloaded CI artifact keeps its links.
    expect(readFileSync(files[3]!, 'utf8')).toContain('href="docs/requirements.md#req-find-ssn-length"');
    expect(readFileSync(files[1]!, 'utf8')).toContain('[FIND-SSN-LENGTH](docs/requirements.md#req-find-ssn-length)');
    for (const page of ['requirements.md', 'decisions.md']) expect(readFileSync(join(dir, 'docs', page), 'utf8')).toContain('<a id=');
  });

  it('records one line per result and reads them back, skipping a line cut short', () => {
    dir = mkdtempSync(join(tmpdir(), 'raw-'));
    const sink = new ResultSink({ reportDir: dir, redact: (t) => t.replaceAll('command.Dob', '[masked]') });
    for (const r of records) sink.record(r);
    appendFileSync(sink.file, '{"requirement":"GEN-NO-5XX","sta');
    const malformed: string[] = [];
    const back = readResults(dir, (_file, line) => malformed.push(line));
    expect(back).toHaveLength(records.length);
    expect(back[2]?.findings?.[0]?.message).toBe('Received key [masked]; documented command.Ssn');
    expect(back[2]?.reproduction).toEqual(records[2]?.reproduction);
    expect(malformed).toHaveLength(1);
    clearResults(dir);
    expect(readResults(dir)).toEqual([]);
  });

  it('prints a short verdict table', () => {
    expect(formatVerdictTable(summaryOf(), 'reports/summary.md')).toMatchInlineSnapshot(`
      "
      Verdict   FAIL (exit 1): A blocking requirement failed, or a waiver expired.
      Next      Send the partner each failure with its replay and curl command, or renew the expired waiver.
      Target    https://127.0.0.1:8443 (reference)
      Replay    npm run conformance (partner-conformance 0.1.0)
      Checked   2 passed, 0 partly checked, 2 failed, 0 broken, 0 waived, 1 observed only
      Not run   2 not covered, 1 skipped by profile, 0 not selected
      Readings  1 reading(s) of ambiguous points observed (summary.md lists them)
      Responses 2 of 3 documented responses observed

      Blocking failures:
        FIND-SSN-LENGTH                   Validation key names the wrong field

      Unchecked (documented requirements left unchecked, in whole or in part; CONFORMANCE_SKIP=<id> or a waiver accepts a gap):
        FIND-SSN-FORMAT                   no suite recorded a result
        TOKEN-SHAPE                       no suite recorded a result

      Report: reports/summary.md"
    `);
  });

  it('configures allure-vitest to write under the report directory', () => {
    expect(allureReporterConfig('reports/nightly')).toEqual(['allure-vitest/reporter', { resultsDir: 'reports/nightly/allure-results' }]);
  });
});
