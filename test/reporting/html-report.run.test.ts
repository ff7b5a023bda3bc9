import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownText } from '../support/chromium-page.js';
import { runConformance } from '../support/conformance-run.js';

/** Debian's chromium; .ci/run installs it when it is missing. */
function chromium(): string {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  throw new Error('the HTML report test needs a headless Chromium: apt-get install -y chromium (.ci/run installs it)');
}

describe('npm run report', () => {
  it('renders an HTML report from a run that opens from disk in a browser and shows the suites', async () => {
    const browser = chromium();
    const run = await runConformance({ runs: 5, faults: ['find-wrong-title'], args: ['suites/find-customer.conformance.ts'] });
    expect(run.exitCode).toBe(1);
    execFileSync(process.execPath, ['--import', 'tsx', 'bin/report.ts'], { env: { ...process.env, REPORT_DIR: run.reportDir }, stdio: 'pipe' });
    const index = join(run.reportDir, 'allure-report', 'index.html');
    expect(existsSync(index)).toBe(true);
    // What the page shows, read in real time (test/support/chromium-page.ts says why not a DOM dump).
    const rendered = await shownText(browser, `file://${index}`, 'FindCustomer field rules');
    expect(rendered).toContain('FindCustomer field rules');
    expect(rendered).toMatch(/^\s*Failed\s*$/m);
  });
});
