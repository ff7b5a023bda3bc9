import { Agent, request } from 'undici';
import { operation, tokenContract } from '../../contract/index.js';
import { startReference, type ReferenceOptions, type RunningReference } from '../../reference/server.js';

/**
 * The blind8 probes that the operation bench cannot make: token requests, bearer tokens of the
 * reference's expired-token path, the denied client and a reference whose allow list leaves out
 * the loopback address. One small undici client per reference, trusting its CA.
 */
export interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: unknown }

export interface AccessBench {
  ref: RunningReference;
  token(form: Record<string, string>, basic?: { id: string; secret: string }, path?: string): Promise<Answer>;
  /** An access token of the partner scope (the denied client's with `denied`; born expired with `expired`). */
  bearer(options?: { denied?: boolean; expired?: boolean }): Promise<string>;
  call(operationId: string, options: { bearer?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> }): Promise<Answer>;
  /** A session of the bench's own client: its id and deviceId. */
  session(bearer: string): Promise<{ sessionId: string; deviceId: string }>;
  close(): Promise<void>;
}

export async function startAccessBench(options: ReferenceOptions): Promise<AccessBench> {
  const ref = await startReference(options);
  const dispatcher = new Agent({ connect: { ca: ref.caPem } });
  const send = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> => {
    const r = await request(url, { ...init, dispatcher });
    const text = await r.body.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* kept as text */ }
    return { status: r.statusCode, headers: r.headers, body };
  };
  const partnerScope = `${ref.scopeBase}${tokenContract.partnerScopeSuffix}`;
  const bench: AccessBench = {
    ref,
    token: (form, basic, path = '') => send(`${ref.authUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': tokenContract.contentType, ...(basic ? { authorization: `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}` } : {}) },
      body: new URLSearchParams(form).toString(),
    }),
    bearer: async ({ denied = false, expired = false } = {}) => {
      const creds = denied ? { id: ref.deniedClientId, secret: ref.deniedClientSecret } : { id: ref.clientId, secret: ref.clientSecret };
      const r = await bench.token({ grant_type: tokenContract.grantType, scope: partnerScope }, creds, expired ? '/expired' : '');
      return (r.body as { access_token: string }).access_token;
    },
    call: (operationId, { bearer, body, query, headers = {} }) => {
      const op = operation(operationId);
      const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
      return send(`${ref.baseUrl}${op.path}${qs}`, {
        method: op.method,
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...(op.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(op.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    },
    session: async (bearer) => {
      const deviceId = 'blind8-access-device';
      const r = await bench.call('AuthenticatePartner', { bearer, body: { deviceId } });
      return { sessionId: String(r.headers.sessionid ?? ''), deviceId };
    },
    close: async () => { await dispatcher.close(); await ref.close(); },
  };
  return bench;
}

/** What `probe` observes against a healthy reference and one with `fault` on (each started with `options`). */
export async function accessBothWays(fault: string, probe: (b: AccessBench) => Promise<unknown>, options: ReferenceOptions = {}) {
  const results: unknown[] = [];
  for (const faults of [[], [fault]]) {
    const bench = await startAccessBench({ ...options, faults });
    try { results.push(await probe(bench)); } finally { await bench.close(); }
  }
  return { expected: results[0], observed: results[1] };
}
