import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceTargetEnv } from '../../bin/target.js';
import { faultCatalogue } from '../../reference/faults/index.js';
import { startReference, type RunningReference, type TrafficRecord } from '../../reference/server.js';
import { runConformance, type ConformanceRun } from '../support/conformance-run.js';

/**
 * Issue 6: nothing secret in any artefact. The suites run against a faulty reference (so
 * failures, reproductions and attachments exist); every sensitive value that crossed the wire
 * is collected from the reference's own record of the traffic, and no file under the report
 * directory, nor the console output, may contain one.
 */
const faults = ['find-wrong-title', 'leak-ssn-echo', 'card-number-max-off-by-one', 'leak-card-number', 'card-update-not-stored', 'history-oldest-first'];

const memberKinds: Record<string, string> = {
  ssn: 'ssn', cardnumber: 'card number', cardtoken: 'card token', dateofbirth: 'date of birth', ssotoken: 'ssoToken',
  access_token: 'access token', client_secret: 'client secret',
};
const attributeKinds: Record<string, string> = { ssn: 'ssn', ssotoken: 'ssoToken', accountnumberfilter: 'card number' };
/** Shorter values occur by chance in any text (a 4-digit year); the redactor's own floor is 4. */
const minScanLength = 6;

function collect(value: unknown, out: Map<string, string>): void {
  if (Array.isArray(value)) return value.forEach((v) => collect(v, out));
  if (!value || typeof value !== 'object') return;
  const item = value as Record<string, unknown>;
  const attribute = typeof item.name === 'string' ? attributeKinds[item.name.toLowerCase()] : undefined;
  for (const [k, v] of Object.entries(item)) {
    const kind = memberKinds[k.toLowerCase()] ?? (attribute && k.toLowerCase() === 'value' ? attribute : undefined);
    if (kind && typeof v === 'string') v.split(',').forEach((part) => part.trim().length >= minScanLength && out.set(part.trim(), kind));
    else collect(v, out);
  }
}

function secretsOf(ref: RunningReference): Map<string, string> {
  const out = new Map<string, string>([[ref.clientSecret, 'client secret'], [ref.deniedClientSecret, 'client secret']]);
  const ids = new Set<string>();
  const header = (h: Record<string, unknown>, name: string) => (typeof h[name] === 'string' ? (h[name] as string) : undefined);
  for (const t of ref.stats.traffic as TrafficRecord[]) {
    const auth = header(t.requestHeaders, 'authorization');
    if (auth) out.set(auth.replace(/^\w+\s+/, ''), 'credentials');
    for (const h of [t.requestHeaders, t.responseHeaders]) {
      const session = header(h, 'sessionid');
      if (session && session.length >= minScanLength) out.set(session, 'sessionId');
    }
    collect(t.requestBody, out);
    collect(t.query, out);
    try {
      collect(JSON.parse(t.responseBody), out);
      collectIds(JSON.parse(t.responseBody), ids);
    } catch {
      // not JSON: nothing structured to collect
    }
  }
  // A card's id sent where a card number goes (the identifier-of-another-kind operator, D19) is still an id, not a secret.
  for (const id of ids) out.delete(id);
  return out;
}

/** Card and customer ids the target handed out: identifiers every report names. */
function collectIds(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => collectIds(v, out));
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (/^(cardid|customerid)$/i.test(k) && typeof v === 'string') out.add(v);
    else collectIds(v, out);
  }
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const occurs = (secret: string, text: string): boolean =>
  /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret);

describe('reports keep secrets and personal data out', () => {
  let ref: RunningReference;
  let run: ConformanceRun;

  beforeAll(async () => {
    ref = await startReference({ faults, captureTraffic: true });
    run = await runConformance({
      runs: 10,
      env: { ...referenceTargetEnv(ref), CONFORMANCE_WRITE_RUNS: '5' },
    });
  }, 600_000);
  afterAll(() => ref?.close());

  it('runs with failures, reproductions and attachments to scan', () => {
    expect(run.exitCode).toBe(1);
    const failed = (run.summary?.requirements ?? []).filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed).toEqual(expect.arrayContaining(faultCatalogue.filter((f) => faults.includes(f.name)).map((f) => f.requirement)));
    expect(files(run.reportDir).some((f) => f.endsWith('-attachment.txt'))).toBe(true);
  });

  it('no value the harness sent or received that is secret or personal appears in any report file or log line', () => {
    const secrets = secretsOf(ref);
    expect(secrets.size).toBeGreaterThan(50);
    // A verbatim copy of a file the package ships (docs/decisions.md beside the certificate) holds no run data:
    // a constant the harness sends may appear in its prose (0001-01-01, a reading's DateTime.MinValue).
    const shipped = (f: string) => { const own = relative(run.reportDir, f); return existsSync(own) && readFileSync(own, 'utf8') === readFileSync(f, 'utf8'); };
    const texts: Array<[string, string]> = [
      ...files(run.reportDir).filter((f) => !shipped(f)).map((f): [string, string] => [f.slice(run.reportDir.length + 1), readFileSync(f, 'utf8')]),
      ['console output', run.stdout + run.stderr],
    ];
    const leaks = [...secrets].flatMap(([secret, kind]) =>
      texts.filter(([, text]) => occurs(secret, text)).map(([where]) => `${kind} ${secret.slice(0, 2)}…${secret.slice(-2)} in ${where}`));
    expect(leaks).toEqual([]);
  });
});
