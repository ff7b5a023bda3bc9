import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '../../contract/openapi.js';
import { operations } from '../../contract/operations.js';

describe('OpenAPI export', () => {
  it('is a valid OpenAPI 3.1 document by a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument() as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('derives every operation and its field lengths from contract/', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, any>> };
    for (const op of operations) expect(doc.paths[op.path]?.[op.method.toLowerCase()]?.operationId).toBe(op.id);
    const find = doc.paths['/api/v1/partners/find-customer']!.post;
    const ssn = find.requestBody.content['application/json'].schema.properties.ssn;
    const field = operations.find((o) => o.id === 'FindCustomer')!.fields[0]!;
    expect([ssn.minLength, ssn.maxLength]).toEqual([field.minLength, field.maxLength]);
  });

  it('npm run openapi writes reports/openapi.json (REPORT_DIR honoured)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-openapi-'));
    execFileSync('npx', ['tsx', 'bin/openapi.ts'], { env: { ...process.env, REPORT_DIR: dir }, stdio: 'pipe' });
    const written = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    expect(written.openapi).toBe('3.1.0');
  });
});
