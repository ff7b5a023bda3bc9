import { Agent, request } from 'undici';
import { startReference, type ReferenceOptions, type RunningReference } from '../../reference/server.js';

/**
 * A bare client of the reference for the blind11 probes that the bench's client cannot send: the
 * token endpoint's own answers, a denied client, a call without a token, a source off the allow list.
 * Each probe starts its reference and closes it (port 0, no sleeps).
 */
export interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: () => Record<string, unknown> }

export interface RawReference {
  readonly ref: RunningReference;
  send(method: string, path: string, options?: { headers?: Record<string, string>; body?: string }): Promise<RawAnswer>;
  /** A token of the built-in client (or the denied one) for the partner scope. */
  token(denied?: boolean): Promise<string>;
  /** The sessionId of a new session opened with `deviceId`. */
  session(token: string, deviceId: string): Promise<string>;
  close(): Promise<void>;
}

export const partnerScope = (ref: RunningReference): string => `${ref.scopeBase}/auth/check-cashing`;

export async function rawReference(options: ReferenceOptions = {}): Promise<RawReference> {
  const ref = await startReference(options);
  const agent = new Agent({ connect: { ca: ref.caPem } });
  const send: RawReference['send'] = async (method, path, o = {}) => {
    const r = await request(`${ref.baseUrl}${path}`, { method: method as 'GET', headers: o.headers ?? {}, body: o.body, dispatcher: agent });
    const text = await r.body.text();
    return { status: r.statusCode, headers: r.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const token: RawReference['token'] = async (denied = false) => {
    const auth = denied ? basic(ref.deniedClientId, ref.deniedClientSecret) : basic(ref.clientId, ref.clientSecret);
    const r = await send('POST', '/oauth2/token', {
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: partnerScope(ref) }).toString(),
    });
    return String(r.json().access_token);
  };
  const session: RawReference['session'] = async (tok, deviceId) => {
    const r = await send('POST', '/api/v1/partners/authenticate', { headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: JSON.stringify({ deviceId }) });
    return String(r.headers.sessionid ?? '');
  };
  return { ref, send, token, session, close: async () => { await agent.close(); await ref.close(); } };
}

/** What `probe` observes on a healthy reference and on one with `fault` (and `options`) on. */
export async function rawBothWays<T>(fault: string, probe: (r: RawReference) => Promise<T>, options: ReferenceOptions = {}): Promise<{ expected: T; observed: T }> {
  const observe = async (faults: string[]) => {
    const r = await rawReference({ ...options, faults });
    try { return await probe(r); } finally { await r.close(); }
  };
  return { expected: await observe([]), observed: await observe([fault]) };
}
