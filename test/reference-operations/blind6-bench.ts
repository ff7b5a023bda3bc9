import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { operation, sessionHeaders, tokenContract } from '../../contract/index.js';
import { startReference, type RunningReference } from '../../reference/server.js';

/**
 * A small client of one embedded reference for the blind6 self-test: written apart from the
 * harness's client (the red team reads no client code but this), it speaks the reference's
 * defaults (D1 methods, D2 bearer, D3 AuthenticatePartner body) and returns what came back.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly contentType: string;
  readonly text: string;
  /** The parsed JSON body; undefined when the body is not JSON. */
  readonly body: any;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Leave out the session headers (the caller may give its own in `headers`). */
  noSession?: boolean;
  token?: string;
  /** Source address of the connection (127.0.0.2 is off the default allow list). */
  from?: string;
  path?: string;
}

const agents = new Map<string, Agent>();

export interface Bench {
  readonly ref: RunningReference;
  token: string;
  sessionId: string;
  deviceId: string;
  call(operationId: string, options?: CallOptions): Promise<Reply>;
  tokenRequest(form: Record<string, string>, basic?: [string, string]): Promise<Reply>;
  openSession(deviceId?: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(Math.random() * 10))).join('');
export const uniqueSsn = () => `${1 + Math.floor(Math.random() * 8)}${digits(8)}`;

export function enrollPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    emailAddress: `b6-${randomUUID()}@example.test`, ssn: uniqueSsn(), firstName: 'Ada', lastName: 'Lovelace', mobileNumber: '5551234567',
    addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'NY', zip: '12345', dateOfBirth: '1990-04-01', allowTexts: true, ...overrides,
  };
}

const address = { addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'NY', zip: '12345' };
export const cardPayload = (customerId: string, o: Record<string, unknown> = {}) =>
  ({ customerId, cardNumber: `4${digits(15)}`, expirationMonthYear: '1230', cardNickname: 'Main', ...address, ...o });
export const tokenCardPayload = (customerId: string, o: Record<string, unknown> = {}) =>
  ({ customerId, cardToken: `tok_${randomUUID()}`, cardBin: '411111', lastFourOfCard: '1234', expirationMonthYear: '1230', cardNickname: 'Token', ...address, ...o });

export async function startBench(faults: string[] = []): Promise<Bench> {
  const ref = await startReference({ faults });
  const agent = (from = '127.0.0.1') => {
    const key = `${ref.baseUrl}|${from}`;
    if (!agents.has(key)) agents.set(key, new Agent({ connect: { ca: ref.caPem }, localAddress: from }));
    return agents.get(key)!;
  };
  const send = async (method: string, url: string, headers: Record<string, string>, body: string | undefined, from?: string): Promise<Reply> => {
    const r = await request(url, { method: method as 'GET', headers, ...(body !== undefined ? { body } : {}), dispatcher: agent(from) });
    const text = await r.body.text();
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { parsed = undefined; }
    return { status: r.statusCode, headers: r.headers, contentType: String(r.headers['content-type'] ?? ''), text, body: parsed };
  };
  const bench: Bench = {
    ref, token: '', sessionId: '', deviceId: randomUUID(),
    tokenRequest: (form, basic = [ref.clientId, ref.clientSecret]) => send('POST', ref.authUrl,
      { 'content-type': tokenContract.contentType, authorization: `Basic ${Buffer.from(basic.join(':')).toString('base64')}` }, new URLSearchParams(form).toString()),
    async call(operationId, o = {}) {
      const op = operation(operationId);
      const headers: Record<string, string> = { authorization: `Bearer ${o.token ?? bench.token}`, ...(o.noSession ? {} : { [sessionHeaders.sessionId]: bench.sessionId, [sessionHeaders.deviceId]: bench.deviceId }) };
      const query = new URLSearchParams(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string])).toString();
      if (op.method === 'POST') headers['content-type'] = 'application/json';
      return send(op.method, `${ref.baseUrl}${o.path ?? op.path}${query ? `?${query}` : ''}`, { ...headers, ...o.headers }, op.method === 'POST' ? JSON.stringify(o.body ?? {}) : undefined, o.from);
    },
    openSession: (deviceId = bench.deviceId, o = {}) => bench.call('AuthenticatePartner', { noSession: true, body: { deviceId }, ...o }),
    close: () => ref.close(),
  };
  bench.token = (await bench.tokenRequest({ grant_type: tokenContract.grantType, scope: `${ref.scopeBase}${tokenContract.partnerScopeSuffix}` })).body.access_token;
  bench.sessionId = String((await bench.openSession()).headers[sessionHeaders.sessionId.toLowerCase()]);
  return bench;
}
