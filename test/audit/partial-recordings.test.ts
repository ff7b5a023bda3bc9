import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAudit } from '../../audit/run.js';
import { har, problem } from './traffic.js';

/**
 * Real exports leave things out: a sanitized browser export strips Authorization, an export
 * "without content" keeps no response body, a file may hold nothing of this interface. What is
 * not recorded is never judged as if it had been sent or answered empty: the report says so.
 */
type Entry = { request: { headers: Array<{ name: string }> }; response: { content: { text?: string; size?: number } } };

function audit(mutate: (entries: Entry[]) => void) {
  const doc = har([
    { op: 'FindCustomer', at: 0, status: 401, reply: problem(401, 'Unauthorized', '/api/v1/partners/find-customer', { errorCode: 'UNAUTHORIZED' }), replyHeaders: { 'www-authenticate': 'Bearer' } },
    { op: 'FindCustomer', at: 10, status: 422, body: { ssn: '123456789', dateOfBirth: '1980-01-02' }, reply: problem(422, 'Customer Not Found', '/api/v1/partners/find-customer', { errorCode: 'CUSTOMER_NOT_FOUND' }) },
  ]) as unknown as { log: { entries: Entry[] } };
  mutate(doc.log.entries);
  const dir = mkdtempSync(join(tmpdir(), 'pc-audit-partial-'));
  writeFileSync(join(dir, 't.har'), JSON.stringify(doc));
  const { summary, facts } = runAudit({ file: join(dir, 't.har'), reportDir: join(dir, 'a'), client: false });
  return { failed: summary.requirements.filter((r) => r.status === 'failed').map((r) => r.id), notes: facts.notes };
}

describe('recordings that lack what judging needs', () => {
  it('no Authorization anywhere (a sanitized export): the bearer rules are not judged, and the report says why', () => {
    const stripped = audit((entries) => entries.forEach((e) => { e.request.headers = e.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization'); }));
    expect(stripped.failed).toEqual([]);
    expect(stripped.notes).toEqual(['no partner call carries an Authorization header (a sanitized export strips it): the bearer rules are not judged']);
    // One call without it among calls that carry it is a call without a token: BEARER-REQUIRED.
    expect(audit((entries) => { entries[1]!.request.headers = entries[1]!.request.headers.filter((h) => h.name.toLowerCase() !== 'authorization'); }).failed).toEqual(['BEARER-REQUIRED']);
  });

  it('a response whose body the exporter did not keep is judged by status and headers only, never as an empty error body', () => {
    const bodiless = audit((entries) => entries.forEach((e) => { delete e.response.content.text; e.response.content.size = 236; }));
    expect(bodiless.failed).toEqual([]);
    expect(bodiless.notes).toEqual(['2 response(s) without their body (the exporter did not keep it): judged by status and headers only']);
    // The same answers recorded with an empty body are what they say: an error without a body.
    expect(audit((entries) => entries.forEach((e) => { e.response.content.text = ''; })).failed).toContain('ERR-JSON-BODY');
  });

  it('a file with nothing of this interface says so', () => {
    const none = audit((entries) => entries.forEach((e) => Object.assign(e.request, { url: 'https://cdn.example/app.js' })));
    expect(none.notes).toEqual(['no exchange of the partner interface was recognised among the 2 entries: check the file, or name the token endpoint with --token-url']);
  });
});
