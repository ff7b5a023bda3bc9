import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFaults } from '../../reference/faults/access.js';
import { startReference, type RunningReference } from '../../reference/server.js';
import { auditSees } from '../audit/visibility.js';
import { expectAuditAgrees, runRecorded } from '../support/audited-run.js';
import { failedRequirements, rowStatus, runConformance } from '../support/conformance-run.js';
import { startAccessProxy, type ProxyFault } from './access-proxy.js';

/**
 * Issue 5 item 8: every check of the access suites is shown able to fail. Each access fault of
 * the reference makes exactly its requirement row fail (exit 1); the clean reference passes
 * with nothing failed or broken. The one rule the reference has no fault for (plain HTTP on the
 * HTTPS port) is broken by a proxy in front of it instead.
 */
const suite = {
  token: 'suites/token.conformance.ts',
  bearer: 'suites/bearer.conformance.ts',
  versioning: 'suites/versioning.conformance.ts',
  transport: 'suites/transport.conformance.ts',
} as const;
const accessRequirements = [
  'TOKEN-ISSUED', 'TOKEN-SHAPE', 'TOKEN-NO-STORE', 'TOKEN-ERRORS', 'TOKEN-REUSE', 'BEARER-REQUIRED', 'BEARER-WWW-AUTHENTICATE',
  'VERSION-HEADER', 'VERSION-QUERY', 'TLS-MINIMUM', 'HTTPS-ONLY', 'ALLOW-LIST',
];

/** Which suite file shows the fault, and the environment that keeps the rest of the run working. */
const faultRuns: Record<string, { suite: keyof typeof suite; env?: Record<string, string> }> = {
  'token-wrong-expires-in': { suite: 'token' },
  'token-scope-empty': { suite: 'token' },
  // Basic is refused: the harness fetches its own tokens with form-body credentials.
  'token-basic-refused': { suite: 'token', env: { TARGET_CREDENTIALS_IN: 'body' } },
  'token-error-not-rfc': { suite: 'token' },
  'token-empty-scope-defaulted': { suite: 'token' },
  'token-repeated-secret-last-wins': { suite: 'token', env: { TARGET_CREDENTIALS_IN: 'body' } },
  'bearer-not-required': { suite: 'bearer' },
  'bearer-signature-unchecked': { suite: 'bearer' },
  'bearer-expiry-unchecked': { suite: 'bearer' },
  'bearer-claims-unverified': { suite: 'bearer' },
  'token-error-quotes-secret': { suite: 'token' },
  'token-cacheable': { suite: 'token' },
  'token-secret-last-char-ignored': { suite: 'token' },
  'no-www-authenticate': { suite: 'bearer' },
  'allow-list-open': { suite: 'transport' },
  // D46: the list on every operation, and forwarding headers change nothing.
  'allow-list-trusts-forwarded': { suite: 'transport' },
  'allow-list-skipped-on-get': { suite: 'transport' },
  'bearer-empty-signature-accepted': { suite: 'bearer' },
  'bearer-embedded-key-trusted': { suite: 'bearer' },
  'bearer-client-secret-on-reads': { suite: 'bearer' },
  'version-query-ignored': { suite: 'versioning' },
  'version-query-first-only': { suite: 'versioning' },
  'token-single-use': { suite: 'token' },
  // The harness itself selects the version by query, so only the header case meets the fault.
  'version-header-ignored': { suite: 'versioning', env: { TARGET_API_VERSION_IN: 'query' } },
  'tls-allows-legacy': { suite: 'transport' },
};

describe('access suites against the embedded reference', () => {
  it('a clean reference passes them with nothing failed, broken or left uncovered', async () => {
    const run = await runConformance({ runs: 1, args: Object.values(suite) });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.summary?.counts).toMatchObject({ failed: 0, broken: 0 });
    for (const id of accessRequirements) expect(rowStatus(run, id), id).toBe('passed');
    // The embedded run hands the suites an expired token (bin/target.ts): that case ran too.
    expect(run.summary?.requirements.find((r) => r.id === 'BEARER-REQUIRED')?.reasons).toEqual([]);
    // D5: what no apiVersion and another value did is recorded, never judged.
    expect(run.summary?.observed.map((o) => o.observed).join('\n')).toMatch(/apiVersion omitted: 200[\s\S]*apiVersion header 2: 400/);
    // D33: what a JSON-body token request got is recorded, never judged.
    expect(rowStatus(run, 'TOKEN-FORM-ONLY')).toBe('observed');
  });

  it('runs every access fault of the catalogue below', () => {
    expect(Object.keys(faultRuns).sort()).toEqual(accessFaults.filter((f) => !/^(problem|validation|key)-/.test(f.name)).map((f) => f.name).sort());
  });

  for (const [fault, { suite: area, env }] of Object.entries(faultRuns)) {
    const requirement = accessFaults.find((f) => f.name === fault)!.requirement;
    it(`${fault} fails ${requirement} and nothing else`, async () => {
      const run = await runRecorded({ faults: [fault], runs: 1, args: [suite[area]], ...(env ? { env } : {}) });
      expect(run.exitCode, run.stdout).toBe(1);
      expect(failedRequirements(run)).toEqual([requirement]);
      // The audit of the run's traffic fails it too where the exchanges alone show it.
      if (auditSees[fault] === true) expectAuditAgrees(run, [fault]);
    });
  }
});

describe('access rules broken by a proxy in front of the reference', () => {
  let reference: RunningReference;
  beforeAll(async () => { reference = await startReference(); });
  afterAll(async () => { await reference.close(); });

  const through = async (faults: ProxyFault[], args: readonly string[], env: Record<string, string> = {}) => {
    const proxy = await startAccessProxy(reference, faults);
    try {
      return await runConformance({ runs: 1, args, env: { ...proxy.env, ...env } });
    } finally {
      await proxy.close();
    }
  };

  it('an external target that follows the contract fails nothing; what the run cannot reach is left unchecked (exit 4), with the reason', async () => {
    const run = await through([], Object.values(suite));
    // Issue 11: a documented rule the run could not check is a gap the user must accept (CONFORMANCE_SKIP), not a pass.
    expect(run.exitCode, run.stdout).toBe(4);
    expect(run.summary?.counts).toMatchObject({ failed: 0, broken: 0 });
    const row = (id: string) => run.summary!.requirements.find((r) => r.id === id)!;
    expect(row('ALLOW-LIST')).toMatchObject({ status: 'not-covered', reasons: [expect.stringMatching(/TARGET_PROBE_SOURCE_ADDRESS/)] });
    // The expired-token case alone is not covered; the other bad tokens were refused. Since issue 30 such a
    // row reads partly checked, is a gap naming its variable, and never passed.
    expect(row('BEARER-REQUIRED')).toMatchObject({ status: 'partly-checked', reasons: [expect.stringMatching(/TARGET_EXPIRED_TOKEN/)] });
    const partly = (run.summary?.unchecked ?? []).filter((id) => id !== 'ALLOW-LIST');
    expect(run.summary?.unchecked).toContain('ALLOW-LIST');
    expect(partly).toContain('BEARER-REQUIRED');
    for (const id of partly) expect(row(id), id).toMatchObject({ status: 'partly-checked', reasons: [expect.stringMatching(/TARGET_EXPIRED_TOKEN/)] });
  });

  const proxyFaults: Array<[ProxyFault, string, keyof typeof suite, Record<string, string>?]> = [
    ['plain-http-served', 'HTTPS-ONLY', 'transport'],
  ];
  for (const [fault, requirement, area, env] of proxyFaults)
    it(`${fault} fails ${requirement} and nothing else`, async () => {
      const run = await through([fault], [suite[area]], env);
      expect(run.exitCode, run.stdout).toBe(1);
      expect(failedRequirements(run)).toEqual([requirement]);
    });
});
