import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium, ownProfile } from '../support/chromium-page.js';
import { runConformance } from '../support/conformance-run.js';
import { countColour, readPng } from '../support/png.js';
import { exitCodeWords, renderCertificate } from '../../reporting/certificate.js';
import { summaryOf } from './fixtures.js';

const scratch = mkdtempSync(join(tmpdir(), 'pc-certificate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Opens a file as a reader would: the rendered DOM, a screenshot, and what the page logged to its console. */
function open(file: string, name: string): { dom: string; screenshot: string; console: string[] } {
  const browser = chromium('the certificate test');
  const profile = ownProfile();
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', profile.flag, '--hide-scrollbars', '--window-size=1200,900', '--enable-logging=stderr', '--v=0'];
  const screenshot = join(scratch, `${name}.png`);
  const shot = spawnSync(browser, [...flags, `--screenshot=${screenshot}`, `file://${file}`], { encoding: 'utf8', timeout: 90_000 });
  const dom = execFileSync(browser, [...flags, '--dump-dom', `file://${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000, maxBuffer: 64 * 1024 * 1024 });
  profile.remove();
  return { dom, screenshot, console: `${shot.stderr}`.split('\n').filter((l) => /CONSOLE/.test(l)) };
}

const failRed = [0xc6, 0x28, 0x28] as const;
const passGreen = [0x1a, 0x7f, 0x37] as const;

describe('certificate.html', () => {
  it('shows a failing run as FAIL first, with the failing requirement, its evidence and catalogue link', async () => {
    const run = await runConformance({ runs: 5, faults: ['find-wrong-title'], only: ['FindCustomer'], args: ['suites/find-customer.conformance.ts'] });
    expect(run.exitCode).toBe(1);
    const file = join(run.reportDir, 'certificate.html');
    const page = open(file, 'failing');
    expect(page.console).toEqual([]);
    const text = page.dom.replace(/<style[\s\S]*?<\/style>/g, '');
    expect(text).toMatch(/<div class="verdict fail" id="verdict"><div class="word">FAIL <span class="words">\(exit code 1\)/);
    expect(text).toContain('FAIL: A blocking requirement failed, or a waiver expired.');
    const failing = run.summary!.requirements.find((r) => r.status === 'failed')!;
    expect(text).toContain(`id="evidence-${failing.id.toLowerCase()}"`);
    expect(text).toMatch(new RegExp(`<a href="[^"]*docs/requirements\\.md#req-${failing.id.toLowerCase()}">${failing.id}</a></td><td>[^<]*</td><td>[^<]*</td><td><span class="status failed">failed</span>`));
    expect(text).toContain(`Seed</strong></td><td>20261122`);
    // summary.md links the same rows to the same catalogue entries, by a path that resolves from the report directory.
    const markdown = readFileSync(join(run.reportDir, 'summary.md'), 'utf8');
    const link = markdown.match(new RegExp(`\\| \\[${failing.id}\\]\\(([^)#]+)#req-${failing.id.toLowerCase()}\\) \\|`));
    expect(link, 'the failing row of summary.md links its catalogue entry').not.toBeNull();
    expect(readFileSync(resolve(run.reportDir, link![1]!), 'utf8')).toContain(`<a id="req-${failing.id.toLowerCase()}"></a>`);
    // What a reader sees first: the red banner, and no green one.
    const image = readPng(page.screenshot);
    expect(countColour(image, failRed, 250)).toBeGreaterThan(20_000);
    expect(countColour(image, passGreen, 250)).toBe(0);
  });

  it('shows a passing run as PASS, and links every requirement to the catalogue shipped in docs/', async () => {
    // Rows the find-customer suite records on every seed; a waiver the run did not need still shows with its owner and expiry.
    const waivers = join(scratch, 'waivers.json');
    writeFileSync(waivers, JSON.stringify({ waivers: [{ requirement: 'FIND-NOT-FOUND', reason: 'D8 reading agreed with the partner', owner: 'go-live board', expires: '2099-12-31' }] }));
    const only = ['FIND-SSN-REQUIRED', 'FIND-SSN-TYPE', 'FIND-SSN-LENGTH', 'FIND-SSN-FORMAT'];
    const run = await runConformance({ runs: 10, only, env: { WAIVERS_FILE: waivers }, args: ['suites/find-customer.conformance.ts'] });
    expect(run.exitCode).toBe(0);
    const file = join(run.reportDir, 'certificate.html');
    const page = open(file, 'passing');
    expect(page.console).toEqual([]);
    expect(page.dom).toMatch(/<div class="word">PASS <span class="words">\(exit code 0\)/);
    expect(page.dom).toContain('PASS: Every selected documented and standard requirement was checked');
    const waived = page.dom.slice(page.dom.indexOf('Accepted gaps and waivers'));
    expect(waived).toContain('<td>FIND-NOT-FOUND</td><td>go-live board</td><td>2099-12-31</td><td>not needed</td>');
    const links = [...page.dom.matchAll(/href="([^"#]*docs\/requirements\.md)#(req-[a-z0-9-]+)"/g)];
    expect(links.length).toBeGreaterThanOrEqual(run.summary!.requirements.length);
    const catalogue = readFileSync(join(run.reportDir, links[0]![1]!), 'utf8');
    expect(links.filter((l) => !catalogue.includes(`<a id="${l[2]}"></a>`)).map((l) => l[2])).toEqual([]);
    const image = readPng(page.screenshot);
    expect(countColour(image, passGreen, 250)).toBeGreaterThan(20_000);
    expect(countColour(image, failRed, 250)).toBe(0);
  });

  it('escapes everything a target sent, and says every exit code in words', () => {
    const html = renderCertificate(summaryOf({ target: { baseUrl: 'https://t/<script>alert(1)</script>', kind: 'sandbox "x"' } }), { harnessVersion: '9.9.9', requirementLink: (id) => `docs/requirements.md#${id}` });
    expect(html).not.toContain('<script>');
    expect(html).toContain('https://t/&lt;script&gt;alert(1)&lt;/script&gt; (sandbox &quot;x&quot;)');
    expect(html).toContain('<td><strong>Seed</strong></td><td>not recorded</td>');
    for (const code of [0, 1, 2, 3, 4]) expect(exitCodeWords[code]).toMatch(/^[A-Z][^.]+: .+\.$/);
  });

  it('the console check sees a page that logs an error (so an empty list means something)', () => {
    const file = join(scratch, 'noisy.html');
    writeFileSync(file, '<!DOCTYPE html><html><body><script>console.error("certificate-noise")</script></body></html>');
    expect(open(file, 'noisy').console.join('\n')).toContain('certificate-noise');
  });
});
