import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRequirements, guidField, operations, type Field, type Operation } from '../../contract/index.js';
import { createTransport, type Transport } from '../../client/index.js';
import {
  acceptedExpectation, fieldViolations, multiViolations, validPayload, wireKey, type GeneratedCase,
} from '../../generators/index.js';
import { judgeFieldCase } from '../../oracles/field-case.js';
import { runProperty, type PropertySpec } from '../../suites/lib/runner/property.js';
import type { ResultRecord } from '../../reporting/result.js';

/**
 * Issue 3, item 5: an operation added to (a copy of) the contract gets generators and checks
 * without new code. GetIdentityScore is made up; the stub below implements its rules by hand,
 * as an independent target would, so a bug shared with the contract-derived harness cannot hide.
 */
const getIdentityScore: Operation = {
  id: 'GetIdentityScore', code: 'IDSCORE', path: '/api/v1/insights/identity-score', method: 'POST', section: 'Identity score (made up)',
  core: false, sessionRequired: false, bodyKeyCase: 'pascal', writes: false,
  fields: [
    guidField('requestId'),
    { name: 'ssn', in: 'body', type: 'string', required: true, minLength: 9, maxLength: 9, format: 'ssn' },
    { name: 'scoreModel', in: 'body', type: 'int', required: true, range: { min: 1, max: 5 } },
  ] satisfies Field[],
  success: { status: 200, body: '{score}', severity: 'documented' },
  errors: ['VALIDATION'],
};
const extended: readonly Operation[] = [...operations, getIdentityScore];

/** The stub's own reading of the rules; `broken` leaves two of them out. */
function stubErrors(body: Record<string, unknown>, broken: boolean): Array<{ key: string; message: string }> {
  const out: Array<{ key: string; message: string }> = [];
  const { requestId, ssn, scoreModel } = body;
  if (typeof requestId !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(requestId)) out.push({ key: 'command.RequestId', message: 'RequestId must be a GUID.' });
  if (typeof ssn !== 'string' || !(broken ? /^[0-9]+$/ : /^[0-9]{9}$/).test(ssn)) out.push({ key: 'command.Ssn', message: 'Ssn must be 9 digits.' });
  if (typeof scoreModel !== 'number' || !Number.isInteger(scoreModel) || (!broken && (scoreModel < 1 || scoreModel > 5))) out.push({ key: 'command.ScoreModel', message: 'ScoreModel must be 1 to 5.' });
  return out;
}

function startStub(broken: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => { text += c.toString(); });
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try { body = JSON.parse(text) as Record<string, unknown>; } catch { /* an unreadable body fails every field */ }
      const errors = req.url === getIdentityScore.path ? stubErrors(body, broken) : [{ key: 'path', message: 'unknown path' }];
      if (errors.length === 0) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ score: 712 }));
      res.writeHead(400, { 'content-type': 'application/problem+json' }).end(JSON.stringify({
        errors: {}, type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1', title: 'Bad Request', status: 400,
        detail: 'One or more validation errors occurred.', instance: req.url, validationErrors: errors,
      }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let transport: Transport;
beforeAll(() => { transport = createTransport({ timeoutMs: 5_000, concurrency: 4, rateLimit: 1_000, retry: { maxAttempts: 1 } }); });
afterAll(() => transport.close());

/** Every property the field-rule suite would declare for the operation, run against `base`; the records they write. */
async function runFieldProperties(base: string): Promise<ResultRecord[]> {
  const records: ResultRecord[] = [];
  const env = {
    runSeed: 7, replayPath: undefined, suiteFile: 'test/suites/extension.test.ts', record: (r: ResultRecord) => records.push(r),
    redact: (t: string) => t, curl: () => 'curl (stub)', formatExchange: (x: { request: { url: string } }) => x.request.url,
  };
  const send = async (c: GeneratedCase) => {
    const x = await transport.send({ operation: getIdentityScore.id, method: 'POST', url: `${base}${getIdentityScore.path}`, query: {}, headers: {}, body: c.input.body, correlationId: randomUUID() });
    return judgeFieldCase(x, c.expectation, { strictKeyCase: false, runSecrets: [], operations: extended });
  };
  const property = (name: string, arbitrary: fc.Arbitrary<GeneratedCase>): PropertySpec<GeneratedCase> =>
    ({ area: 'field-rules', name, operation: getIdentityScore.id, arbitrary, numRuns: 40, describe: (c) => c.description, run: send });
  const valid = validPayload(getIdentityScore).map((input): GeneratedCase => ({ input, expectation: acceptedExpectation(getIdentityScore), description: 'valid' }));
  const specs = [
    property('valid payload accepted', valid),
    ...getIdentityScore.fields.map((f) => property(`violations of ${f.name}`, fieldViolations(getIdentityScore, f))),
    property('several violations', multiViolations(getIdentityScore)!),
  ];
  for (const spec of specs) await runProperty(env, spec);
  return records;
}

describe('an operation added to a copy of the contract', () => {
  it('gets requirement ids and generated valid and violating cases, with the keys they must produce', () => {
    expect(operations.map((o) => o.id)).not.toContain(getIdentityScore.id);
    const ids = buildRequirements(extended).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['IDSCORE-SUCCESS', 'IDSCORE-REQUEST-ID-FORMAT', 'IDSCORE-SSN-LENGTH', 'IDSCORE-SSN-FORMAT', 'IDSCORE-SCORE-MODEL-RANGE']));
    for (const p of fc.sample(validPayload(getIdentityScore), { seed: 3, numRuns: 50 })) expect(stubErrors(p.body!, false)).toEqual([]);
    for (const field of getIdentityScore.fields) {
      const cases = fc.sample(fieldViolations(getIdentityScore, field), { seed: 3, numRuns: 50 });
      for (const c of cases) {
        expect(c.expectation.kind).toBe('validation');
        if (c.expectation.kind !== 'validation') continue;
        expect(c.expectation.broken.map((b) => b.key)).toEqual([wireKey(getIdentityScore, field)]);
        expect(stubErrors(c.input.body!, false).map((e) => e.key), c.description).toEqual([wireKey(getIdentityScore, field)]);
      }
      expect(new Set(cases.map((c) => (c.expectation.kind === 'validation' ? c.expectation.broken[0]!.violation : ''))).size).toBeGreaterThan(2);
    }
  });

  it('its checks find nothing against a stub that implements its rules', async () => {
    const server = await startStub(false);
    try {
      const records = await runFieldProperties(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      expect(records.filter((r) => r.status !== 'passed').map((r) => `${r.requirement} ${r.status} ${r.findings?.[0]?.message ?? r.reason ?? ''}`)).toEqual([]);
      const known = new Set(buildRequirements(extended).map((r) => r.id));
      const passed = new Set(records.map((r) => r.requirement));
      for (const id of passed) expect(known, id).toContain(id);
      expect([...passed]).toEqual(expect.arrayContaining(['IDSCORE-SUCCESS', 'GEN-VALID-ACCEPTED', 'IDSCORE-SSN-LENGTH', 'IDSCORE-SCORE-MODEL-RANGE', 'ERR-KEYS-COMPLETE', 'ERR-KEY-PREFIX']));
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('its checks fail the rules a broken stub leaves out', async () => {
    const server = await startStub(true);
    try {
      const records = await runFieldProperties(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const failed = records.filter((r) => r.status === 'failed');
      expect(failed.map((r) => r.requirement)).toEqual(expect.arrayContaining(['IDSCORE-SSN-LENGTH', 'IDSCORE-SCORE-MODEL-RANGE']));
      for (const r of failed) expect(r.reproduction?.replay).toMatch(/CONFORMANCE_SEED=7/);
      expect(records.filter((r) => r.status === 'broken')).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
