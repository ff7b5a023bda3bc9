import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../contract/index.js';
import { startBench, type Bench } from '../reference-operations/harness.js';

/**
 * DESIGN.md "Add an operation": the contract row alone gives generators, checks and the OpenAPI
 * export (test/suites/extension.test.ts shows it on a made-up operation); what it cannot give is
 * the suite file that runs them and the reference route that answers. These tests name the step
 * that is missing when an operation is added to contract/ and one of those two is forgotten.
 */
const suiteFile = (id: string) => `suites/${id.replace(/([a-z])([A-Z])/g, '$1-$2').replace(/OBO/, 'Obo').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.conformance.ts`;

describe('every contract operation is wired', () => {
  let bench: Bench;
  beforeAll(async () => { bench = await startBench(); });
  afterAll(async () => { await bench.close(); });

  it.each(operations.map((o) => [o.id]))('%s has a suite file that runs properties on it', (id) => {
    const file = suiteFile(id);
    expect(existsSync(file), `${file} is missing: copy suites/find-customer.conformance.ts and name the operation`).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`operation('${id}')`);
    // fieldRuleSuite derives every property from the row; AuthenticatePartner's one body member has its own.
    expect(text).toMatch(/fieldRuleSuite\(|propertyTest\(/);
  });

  it.each(operations.map((o) => [o.id]))('%s is routed by the reference (an empty body is judged, not 404 "no resource")', async (id) => {
    const reply = await bench.call(id, { body: {} });
    const detail = String((reply.body as { detail?: unknown } | undefined)?.detail ?? '');
    expect(detail, `register ${id} in reference/operations/index.ts`).not.toMatch(/^no resource at /);
    expect(reply.status).toBeGreaterThanOrEqual(200);
  });
});
