import { afterEach, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../../reference/server.js';
import { referenceTargetEnv } from '../../bin/target.js';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';

/**
 * Issue 29 item 2: the environment problems of a first run end it in the preflight, before any
 * suite, with one line naming the cause and what to do, exit 2 (configuration) or 3, no
 * requirement failed, and at most one failing token request at the target.
 */
let reference: RunningReference | undefined;
let proxy: CountingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await reference?.close();
  proxy = undefined;
  reference = undefined;
});

const tokenRequests = (r: RunningReference) => r.stats.requests.filter((q) => q.path.startsWith('/oauth2/token')).length;

async function run(env: Record<string, string>): Promise<ConformanceRun> {
  return runConformance({ runs: 1, args: ['suites/find-customer.conformance.ts'], env });
}

function expectStopped(result: ConformanceRun, exitCode: 2 | 3, line: RegExp): void {
  expect(result.exitCode, result.stdout + result.stderr).toBe(exitCode);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(line);
  expect(result.summary?.counts.failed ?? 0).toBe(0);
  expect(result.summary?.counts.passed ?? 0).toBe(0);
}

describe('the preflight names an environment problem and stops the run', () => {
  it('off the allow list: exit 3, one token request, the allow-list advice', async () => {
    reference = await startReference({ allowList: ['10.99.0.1'] });
    const result = await run(referenceTargetEnv(reference));
    expectStopped(result, 3, /^Preflight: the token endpoint https:\/\/127\.0\.0\.1:\d+\/oauth2\/token answered 403 FORBIDDEN: this machine's address is not on the target's allow list: ask the partner to add it .*TARGET_PROBE_SOURCE_ADDRESS only for the probe\.$/m);
    expect(result.summary?.incomplete).toMatch(/^Preflight: the token endpoint .* answered 403/);
    expect(tokenRequests(reference)).toBe(1);
    expect(reference.stats.requests).toHaveLength(1);
    // The whole console fits a screen: the verdict says once why nothing was checked.
    expect((result.stdout + result.stderr).split('\n').length).toBeLessThan(40);
  });

  it('a wrong client secret: exit 2, exactly one token request, the secret never printed', async () => {
    reference = await startReference();
    const result = await run({ ...referenceTargetEnv(reference), TARGET_CLIENT_SECRET: 'rotated-secret-value-1' });
    expectStopped(result, 2, /^Preflight: the token endpoint \S+ refused this run's client credentials \(401 invalid_client\): check TARGET_CLIENT_ID and TARGET_CLIENT_SECRET/m);
    expect(tokenRequests(reference)).toBe(1);
    expect(reference.stats.requests).toHaveLength(1);
    expect(result.stdout + result.stderr).not.toContain('rotated-secret-value-1');
  });

  it('a CA the run does not trust: exit 2, TARGET_CA_FILE named, nothing reached the target', async () => {
    reference = await startReference();
    const { TARGET_CA_FILE: _trusted, ...env } = referenceTargetEnv(reference);
    const result = await run(env);
    expectStopped(result, 2, /^Preflight: the TLS certificate at https:\/\/127\.0\.0\.1:\d+ was issued by a CA this run does not trust \(\w+\): set TARGET_CA_FILE/m);
    expect(reference.stats.requests).toHaveLength(0);
  });

  it('a certificate for another name: exit 3, the host named', async () => {
    reference = await startReference({ host: '127.0.0.2', allowList: ['127.0.0.0/8'] });
    const result = await run(referenceTargetEnv(reference));
    expectStopped(result, 3, /^Preflight: the TLS certificate at https:\/\/127\.0\.0\.2:\d+ does not name 127\.0\.0\.2 \(ERR_TLS_CERT_ALTNAME_INVALID\)/m);
    expect(reference.stats.requests).toHaveLength(0);
  });

  it('a proxy that asks for credentials: exit 2, the proxy masked, nothing reached the target', async () => {
    reference = await startReference();
    proxy = await startCountingProxy({ requireAuth: 'user:right-password' });
    const url = proxy.url.replace('//', '//user:wrong-password@');
    const result = await run({ ...referenceTargetEnv(reference), TARGET_PROXY: url });
    expectStopped(result, 2, /^Preflight: the proxy http:\/\/\[proxyCredentials:\*\*\*\]@127\.0\.0\.1:\d+ answered 407 Proxy Authentication Required to the tunnel to 127\.0\.0\.1:\d+: it refused the user and password/m);
    expect(result.stdout + result.stderr).not.toContain('wrong-password');
    expect(proxy.refused).toBe(1);
    expect(reference.stats.requests).toHaveLength(0);
  });

  it('a proxy that refuses the tunnel: exit 3, NO_PROXY suggested', async () => {
    reference = await startReference();
    proxy = await startCountingProxy({ refuseWith: 403 });
    const result = await run({ ...referenceTargetEnv(reference), HTTPS_PROXY: proxy.url });
    expectStopped(result, 3, /^Preflight: the proxy http:\/\/127\.0\.0\.1:\d+ refused the tunnel to 127\.0\.0\.1:\d+ \(403\): .*NO_PROXY/m);
    expect(reference.stats.requests).toHaveLength(0);
  });
});
