import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { errorRow, validationProblemMembers } from '../../contract/index.js';
import { faultSet } from '../../reference/faults/index.js';
import { sendErrorRow, sendLegacyError, sendValidationProblem } from '../../reference/problems.js';

/** The error writers alone, on an in-process fastify (no TLS needed): shapes of interface.md "Errors". */
async function writer(faults: string[] = []) {
  const app = Fastify({ logger: false });
  app.decorate('faults', faultSet(faults));
  app.get('/v', (request, reply) => sendValidationProblem(reply, request, [{ key: 'command.Gender', message: 'Gender cannot exceed 1 character.' }]));
  app.get('/p', (request, reply) => sendErrorRow(reply, request, 'UNAUTHORIZED', 'Authorization was denied.'));
  app.get('/l', (_request, reply) => sendLegacyError(reply, 422, 'DUPLICATE_SSN', 'The SSN is already enrolled.'));
  await app.ready();
  return app;
}

describe('reference problem writers', () => {
  it('writes the validation problem shape', async () => {
    const app = await writer();
    const r = await app.inject({ url: '/v?x=1' });
    const row = errorRow('VALIDATION');
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = r.json();
    expect(Object.keys(body).sort()).toEqual([...validationProblemMembers].sort());
    expect(body).toMatchObject({ errors: {}, type: row.typeRfc!.url, title: row.title, status: 400, instance: '/v' });
    expect(body.detail).toMatch(/\([A-Z]+-\d+\)$/);
    expect(body.validationErrors).toEqual([{ key: 'command.Gender', message: 'Gender cannot exceed 1 character.' }]);
    await app.close();
  });

  it('adds WWW-Authenticate: Bearer to a 401 Problem and writes legacy bodies as JSON', async () => {
    const app = await writer();
    const p = await app.inject({ url: '/p' });
    expect(p.statusCode).toBe(401);
    expect(p.headers['www-authenticate']).toBe('Bearer');
    expect(p.json()).toMatchObject({ errorCode: 'UNAUTHORIZED', title: 'Unauthorized', status: 401, detail: 'Authorization was denied.' });
    const l = await app.inject({ url: '/l' });
    expect(l.statusCode).toBe(422);
    expect(l.headers['content-type']).toMatch(/^application\/json/);
    expect(l.json()).toEqual({ ErrorCode: 'DUPLICATE_SSN', ErrorMessage: 'The SSN is already enrolled.' });
    await app.close();
  });

  it('applies the validation faults', async () => {
    const app = await writer(['validation-missing-list', 'validation-wrong-status', 'problem-type-wrong-rfc']);
    const r = await app.inject({ url: '/v' });
    expect(r.statusCode).toBe(422);
    expect(r.json().validationErrors).toBeUndefined();
    expect(r.json().type).not.toBe(errorRow('VALIDATION').typeRfc!.url);
    await app.close();
    const keys = await writer(['key-wrong-prefix']);
    expect((await keys.inject({ url: '/v' })).json().validationErrors[0].key).toBe('body.Gender');
    await keys.close();
  });
});
