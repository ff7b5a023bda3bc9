import { describe, expect, it } from 'vitest';
import { parsePlan } from '../../certification/plan.js';
import { buildClientReport, type ReportInput } from '../../certification/report.js';
import { renderClientCertificate } from '../../certification/render/certificate.js';
import { renderClientJunit } from '../../certification/render/junit.js';
import { renderClientMarkdown } from '../../certification/render/markdown.js';
import { call, issue, open, script, type Step } from './synthetic.js';

/** The verdict and exit code from grades and coverage (1 > 3 > 4 > 0), and the three renderings of one report. */
const plan = parsePlan(JSON.stringify({ injections: [] }), 'empty plan');
const find = (ssn: string, more: Partial<Step> = {}) => call('FindCustomer', 0, { body: { ssn, dateOfBirth: '1980-01-02' }, ...more });
const steps: Step[] = [
  issue(0, 't1'), open(10, 's1', 'd1'),
  { ...find('111111111'), at: 20 },
  { ...find('333333333', { status: 400, replyBody: { validationErrors: [] } }), at: 30 },
  { ...find('222222222', { status: 422, replyBody: { errorCode: 'CUSTOMER_NOT_FOUND' } }), at: 40 },
];
const input = (over: Partial<ReportInput> = {}): ReportInput => ({
  observations: script(steps), plan, planSource: 'empty plan', planned: [], seed: 1, baseUrl: 'https://127.0.0.1:1',
  secrets: ['s3cret-value'], startedAt: new Date(0), finishedAt: new Date(1000), ...over,
});

describe('client verdict', () => {
  it('counts only the operations the client called, and ends 4 for documented responses it was never shown', () => {
    const report = buildClientReport(input());
    expect(report.coverage.notCalled).not.toContain('FindCustomer');
    expect(report.coverage.notCalled).toContain('EnrollCustomer');
    expect(report.coverage.unshown).toEqual(['AuthenticatePartner 401 UNAUTHORIZED', '* 401 TOKEN_EXPIRED', '* 401 SESSION_LOST']);
    expect(report.counts.failed).toBe(0);
    expect([report.exitCode, report.verdict]).toEqual([4, 'not certified']);
    expect(buildClientReport(input({ acceptUnshown: true })).exitCode).toBe(0);
    const accepted = parsePlan(JSON.stringify({ injections: [], acceptUnshown: report.coverage.unshown }), 'p');
    expect(buildClientReport(input({ plan: accepted })).exitCode).toBe(0);
  });

  it('ends 3 when the client stopped short, and 1 over everything when a grade failed', () => {
    expect(buildClientReport(input({ client: { command: 'client', exitCode: 2 } })).exitCode).toBe(3);
    const resent = [...steps, { ...find('222222222', { status: 422, replyBody: { errorCode: 'CUSTOMER_NOT_FOUND' } }), at: 50 }];
    const failing = buildClientReport(input({ observations: script(resent), client: { command: 'client', exitCode: null, signal: 'SIGKILL' } }));
    expect(failing.exitCode).toBe(1);
    expect(failing.grades.find((g) => g.id === 'CLIENT-NO-RETRY-4XX')?.status).toBe('failed');
    expect(failing.verdictReasons[0]).toMatch(/^CLIENT-NO-RETRY-4XX failed: FindCustomer was resent unchanged after a 422 CUSTOMER_NOT_FOUND/);
  });

  it('renders the coverage line and the grades in markdown, JUnit and the certificate, with personal data masked', () => {
    const report = buildClientReport(input({ observations: script([...steps, { ...find('222222222', { status: 422, replyBody: { errorCode: 'CUSTOMER_NOT_FOUND' } }), at: 50 }]) }));
    // AuthenticatePartner (success, denial), FindCustomer (success, 422, 400) and the two access 401s; the resent 422 is not handled.
    const line = '4 of 7 documented responses shown; 3 handled, 1 not';
    expect(report.coverage.documented).toMatchObject({ total: 7, shown: 4, handled: 3, unhandled: 1 });
    const md = renderClientMarkdown(report);
    const html = renderClientCertificate(report, { harnessVersion: '0.0.0', requirementLink: (id) => `#${id}` });
    const xml = renderClientJunit(report);
    for (const text of [md, html]) expect(text).toContain(line);
    expect(md).toContain('[CLIENT-NO-RETRY-4XX](CLIENT-NO-RETRY-4XX) | failed |');
    expect(html).toContain('NOT CERTIFIED');
    expect(xml).toMatch(/<testcase name="CLIENT-NO-RETRY-4XX: [^"]*" classname="Errors">\s*<failure message="Client requirement not met: FindCustomer was resent/);
    for (const text of [md, html, xml, JSON.stringify(report)]) expect(text).not.toContain('222222222');
  });
});
