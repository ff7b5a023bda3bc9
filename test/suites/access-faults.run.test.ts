import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../contract/index.js';
import { accessFaults } from '../../reference/faults/access.js';
import { faultCatalogue } from '../../reference/faults/index.js';
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

/**
 * The access faults, in runs of several (issue 28: 25 runs of one fault were 146 s of npm test).
 * In one run every fault breaks a requirement of its own, so each failed row is its fault's proof,
 * and faults that could hide one another stay apart: the token error faults (each changes the
 * token endpoint's error answers), the bearer faults (each takes some 401s away: no-www-authenticate
 * judges the 401s that remain), token-single-use (it refuses the harness's own reused token) and the
 * faults needing another client setting (Basic refused: credentials in the body; the header version
 * ignored: the harness selects the version by query, so only the header case meets it).
 */
interface FaultRun {
  readonly faults: readonly string[]; readonly suites: ReadonlyArray<keyof typeof suite>; readonly env?: Record<string, string>;
  /**
   * Operations the fault's row must be failed on (a finding of each): blind8's class, a bad token's
   * request would succeed with a good one, so a target that skips the check on an operation serves it.
   */
  readonly caughtOn?: readonly string[];
  /** Rows the faults fail beside their own, where one defect breaks two documented rules. */
  readonly alsoFails?: readonly string[];
}
const faultRuns: readonly FaultRun[] = [
  // The query string ignored fails every operation's case, EnrollCustomer's too (versioning-family.run.test.ts: on a later night too).
  { faults: ['version-query-ignored', 'token-error-not-rfc', 'bearer-not-required', 'allow-list-open', 'tls-allows-legacy', 'token-cacheable'], suites: ['token', 'bearer', 'versioning', 'transport'], caughtOn: operations.map((o) => o.id) },
  // A bad token's 401 on AuthenticatePartner is the UNAUTHORIZED row, judged as that row wherever it is met (blind13: the 401 of one cause judged by fewer oracles).
  { faults: ['token-scope-empty', 'token-empty-scope-defaulted', 'bearer-signature-unchecked', 'version-query-first-only', 'allow-list-trusts-forwarded', 'token-error-quotes-secret', 'bearer-refusal-type-wrong-on-authenticate'], suites: ['token', 'bearer', 'versioning', 'transport'] },
  // D5 on every operation: one operation refusing the query version, another's body under it (an operation fault, FIND-SUCCESS),
  // and a third reading the version header by its documented spelling only (operator header-name-case, RFC 9110 section 5.1).
  { faults: ['token-secret-last-char-ignored', 'bearer-claims-unverified', 'allow-list-skipped-on-get', 'no-www-authenticate', 'version-query-refused-tokenized', 'version-query-find-old-body', 'version-header-name-exact-on-card'], suites: ['token', 'bearer', 'transport', 'versioning'] },
  { faults: ['token-basic-refused', 'token-repeated-secret-last-wins', 'bearer-client-secret-on-reads'], suites: ['token', 'bearer'], env: { TARGET_CREDENTIALS_IN: 'body' } },
  { faults: ['version-header-ignored', 'bearer-empty-signature-accepted'], suites: ['versioning', 'bearer'], env: { TARGET_API_VERSION_IN: 'query' } },
  // Not beside token-basic-refused: the embedded run gets its expired token with Basic credentials (bin/target.ts).
  // Every operation's expired-token call is served once the lifetime goes unchecked: none is refused for its body.
  { faults: ['bearer-expiry-unchecked'], suites: ['bearer'], caughtOn: operations.map((o) => o.id) },
  // One operation skipping it (blind8 missed DeleteCard's: its call carried {} and met a 400).
  { faults: ['bearer-expiry-unchecked-on-tokenized-card'], suites: ['bearer'], caughtOn: ['AddOrUpdateTokenizedCard'] },
  // Every bad token meets both ways of selecting the version, in turn over the operations (blind11: a query-versioned route skipped a check).
  // And a route that binds one way only, served the other way: the run's own way fails its row (blind12).
  { faults: ['bearer-expiry-unchecked-with-query-version', 'version-header-refused-on-find'], suites: ['bearer', 'versioning'] },
  // A write served with the version either way takes effect (blind20: a query-versioned DeleteCard left the card listed): the
  // versioning suite's writes are read back; here an update with the version header spelt in another letter case not stored.
  { faults: ['version-header-respelt-tcard-update-not-stored'], suites: ['versioning'] },
  // The allow-list probes select the version both ways, in turn over the operations: each operation is probed both ways (blind16: a query-versioned pipeline without the filter).
  // And a token error's members outside RFC 6749 section 5.2's character sets (blind17: a quoted scope in error_description).
  { faults: ['allow-list-skipped-on-query-versioned-sattr', 'token-error-uri-unencoded'], suites: ['transport', 'token'], caughtOn: ['AddSessionAttributes'] },
  // Blind9's classes: a near-miss secret (one character appended) and a parameter refusal in the form-credentials mode.
  { faults: ['bearer-embedded-key-trusted', 'token-secret-extra-char-accepted'], suites: ['bearer', 'token'] },
  { faults: ['token-single-use', 'token-body-credentials-any-grant-type'], suites: ['token'] },
  // A token not yet valid (or already expired) when it arrived is the target's TOKEN-ISSUED, never the preflight's exit 3 (blind18).
  { faults: ['token-not-before-local-clock-ahead'], suites: ['token'] },
  // An expires_in of twice the token's lifetime is the wrong member (TOKEN-SHAPE) and a promise the JWT's exp breaks:
  // a client that trusts it reuses the token after it expired (TOKEN-REUSE, checks/token-time.ts).
  { faults: ['token-wrong-expires-in'], suites: ['token'], alsoFails: ['TOKEN-REUSE'] },
  // A token whose exp cuts expires_in short, obtained in the credential mode the run does not use, fails TOKEN-REUSE (blind19: exp 60 s after issue).
  { faults: ['token-body-credentials-issued-by-clock-behind'], suites: ['token'] },
  // A token of either documented credential mode serves the calls it was issued for (blind18: tokens judged by how they were obtained).
  { faults: ['token-body-credentials-other-signing-key'], suites: ['token'] },
  // A refusal grants nothing (blind17: a denied AuthenticatePartner's sessionId accepted later): the session a refused call carried is used.
  { faults: ['bearer-expired-session-header-kept', 'allow-list-session-header-kept'], suites: ['bearer', 'transport'], caughtOn: ['FindCustomer'] },
  // And the token endpoint's answer under an off-list refusal (refusalCarriesNoAnswer).
  { faults: ['allow-list-token-issued-under-403'], suites: ['transport'], caughtOn: ['Token'] },
];
const requirementOf = (fault: string) => faultCatalogue.find((f) => f.name === fault)!.requirement;

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

  it('runs every access fault of the catalogue below, each run\'s faults on requirements of their own', () => {
    const listed = faultRuns.flatMap((r) => r.faults);
    expect(accessFaults.filter((f) => !/^(problem|validation|key)-/.test(f.name)).map((f) => f.name).filter((f) => !listed.includes(f))).toEqual([]);
    expect(listed.filter((f) => !faultCatalogue.some((c) => c.name === f))).toEqual([]);
    for (const run of faultRuns) expect(new Set(run.faults.map(requirementOf)).size, run.faults.join(' + ')).toBe(run.faults.length);
  });

  for (const { faults, suites, env, caughtOn, alsoFails } of faultRuns) {
    it(`${faults.join(' + ')}: each fails its own requirement, and nothing else fails`, async () => {
      const run = await runRecorded({ faults, runs: 1, args: suites.map((s) => suite[s]), ...(env ? { env } : {}) });
      expect(run.exitCode, run.stdout).toBe(1);
      expect(failedRequirements(run).sort()).toEqual([...faults.map(requirementOf), ...(alsoFails ?? [])].sort());
      const failedOn = new Set(run.summary!.requirements.find((r) => r.id === requirementOf(faults[0]!))!.findings.map((f) => f.dedupKey.split('|')[1]));
      for (const op of caughtOn ?? []) expect(failedOn.has(op), `${faults[0]} must be caught on ${op}; caught on ${[...failedOn].join(', ')}`).toBe(true);
      // The audit of the run's traffic fails them too where the exchanges alone show them.
      const seen = faults.filter((f) => auditSees[f] === true);
      if (seen.length) expectAuditAgrees(run, faults);
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
