import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startReference } from '../../reference/server.js';
import { runConformance } from '../support/conformance-run.js';

/** A port on 127.0.0.1 that nothing listens on (bound, read, released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('a target unreachable from the start', () => {
  it('stops within seconds with exit 3, naming the address and the cause, and says so in summary.json', async () => {
    const base = `https://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const run = await runConformance({ runs: 5, args: ['suites/find-customer.conformance.ts'], env: { TARGET_BASE_URL: base, TARGET_CLIENT_ID: 'partner', TARGET_CLIENT_SECRET: 'secret-value-1' } });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(run.exitCode).toBe(3);
    expect(run.stderr).toContain(`Target unreachable at ${base}/oauth2/token: TARGET_UNREACHABLE (no connection could be made: ECONNREFUSED`);
    expect(run.summary?.incomplete).toMatch(/^Target unreachable at https:\/\/127\.0\.0\.1:\d+\/oauth2\/token: TARGET_UNREACHABLE/);
    expect(run.summary?.counts.passed).toBe(0);
    expect(run.stdout).not.toContain('secret-value-1');
  });

  it('checks the token endpoint too when it lives elsewhere', async () => {
    const reference = await startReference();
    try {
      const auth = `https://127.0.0.1:${await closedPort()}/oauth2/token`;
      const run = await runConformance({
        runs: 5, args: ['suites/find-customer.conformance.ts'],
        env: { TARGET_BASE_URL: reference.baseUrl, TARGET_AUTH_URL: auth, TARGET_CA_FILE: reference.caFile, TARGET_CLIENT_ID: reference.clientId, TARGET_CLIENT_SECRET: reference.clientSecret },
      });
      expect(run.exitCode).toBe(3);
      expect(run.stderr).toContain(`Target unreachable at ${auth}: TARGET_UNREACHABLE`);
      // The preflight asks the token endpoint first: nothing reached the base URL.
      expect(reference.stats.requests).toEqual([]);
    } finally {
      await reference.close();
    }
  });
});
