import { connect as tlsConnect, type SecureVersion } from 'node:tls';
import { Agent, request } from 'undici';
import { tokenContract } from '../../contract/index.js';
import { startReference, type ReferenceOptions, type RunningReference } from '../../reference/server.js';

/** A running reference with an undici Agent that trusts its CA. */
export interface Harness {
  readonly ref: RunningReference;
  readonly agent: Agent;
  close(): Promise<void>;
}

export async function startHarness(options: ReferenceOptions = {}): Promise<Harness> {
  const ref = await startReference(options);
  const agent = trustingAgent(ref);
  return { ref, agent, close: async () => { await agent.close(); await ref.close(); } };
}

/** An Agent trusting the reference's CA; `localAddress` picks the source address (127.0.0.2 is off the default allow list). */
export function trustingAgent(ref: RunningReference, localAddress?: string): Agent {
  // undici takes the source address as a client option; connect.localAddress would be overridden.
  return new Agent({ connect: { ca: ref.caPem }, ...(localAddress ? { localAddress } : {}) });
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export async function send(
  h: Harness, path: string, init: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {},
): Promise<Reply> {
  const res = await request(`${h.ref.baseUrl}${path}`, {
    dispatcher: init.agent ?? h.agent, method: (init.method ?? 'GET') as 'GET', headers: init.headers ?? {},
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export const partnerScope = (ref: RunningReference): string => `${ref.scopeBase}${tokenContract.partnerScopeSuffix}`;
export const documentedScopes = (ref: RunningReference): string[] =>
  tokenContract.documentedScopeSuffixes.map((s) => `${ref.scopeBase}${s}`);

export const form = (params: Record<string, string>): string => new URLSearchParams(params).toString();
export const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
export const formType = { 'content-type': tokenContract.contentType };

/** POSTs a token request with Basic credentials of the built-in client. */
export function tokenRequest(h: Harness, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  return send(h, '/oauth2/token', {
    method: 'POST', headers: { ...formType, authorization: basic(h.ref.clientId, h.ref.clientSecret), ...headers }, body: form(params),
  });
}

export async function partnerToken(h: Harness): Promise<string> {
  const r = await tokenRequest(h, { grant_type: tokenContract.grantType, scope: partnerScope(h.ref) });
  if (r.status !== 200) throw new Error(`token request failed with ${r.status}: ${r.text}`);
  return r.json.access_token as string;
}

/** An unknown partner path: 404 NOT_FOUND proves a request passed every guard. */
export const guardedProbePath = '/api/v1/partners/zz-no-such-operation';

/** Resolves with the negotiated protocol, or with the handshake error's message. */
export function handshake(port: number, ca: string, maxVersion: SecureVersion): Promise<{ protocol?: string | null; error?: string }> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost', minVersion: 'TLSv1', maxVersion, ciphers: 'DEFAULT@SECLEVEL=0' }, () => {
      const protocol = socket.getProtocol();
      socket.end();
      resolve({ protocol });
    });
    socket.on('error', (e) => resolve({ error: e.message }));
  });
}
