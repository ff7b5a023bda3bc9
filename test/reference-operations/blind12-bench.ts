import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { operation, tokenContract } from '../../contract/index.js';
import { startReference, type ReferenceOptions, type RunningReference } from '../../reference/server.js';

/**
 * A small client of one reference for the blind12 probes (test/reference-operations/blind12.test.ts):
 * a token, a partner session, and one call per operation. Written for this batch so the probes
 * depend on the reference's public surface only.
 */

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly body: any;
}

export interface CallOptions {
  readonly body?: unknown;
  readonly query?: Record<string, string | number>;
  readonly headers?: Record<string, string>;
  /** Leave out sessionId and deviceId. */
  readonly noSession?: boolean;
  readonly token?: string;
  /** Send the version in the query string instead of the header. */
  readonly versionInQuery?: boolean;
}

let counter = 0;
/** Digits that differ between calls and between test processes. */
export const uniqueDigits = (n: number): string =>
  `${Date.now()}${process.pid}${++counter}${Math.floor(Math.random() * 1e9)}`.replace(/\D/g, '').slice(-n).padStart(n, '7');

export const enrollPayload = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  emailAddress: `p${uniqueDigits(10)}@example.test`, ssn: `2${uniqueDigits(8)}`, firstName: 'Pat', lastName: 'Doe',
  mobileNumber: '2025550123', addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701',
  dateOfBirth: '1980-05-06', allowTexts: true, ...over,
});

/** A Luhn-valid 16-digit number, different on every call. */
export function cardNumber(): string {
  const body = `4${uniqueDigits(14)}`;
  for (let d = 0; d < 10; d++) {
    const n = `${body}${d}`;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) x = x * 2 > 9 ? x * 2 - 9 : x * 2;
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

const address = { addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701' };
export const cardPayload = (customerId: string, over: Record<string, unknown> = {}) =>
  ({ customerId, cardNumber: cardNumber(), expirationMonthYear: '1230', cardNickname: 'Main', ...address, ...over });
export const tokenCardPayload = (customerId: string, over: Record<string, unknown> = {}) =>
  ({ customerId, cardToken: `tok_${uniqueDigits(12)}`, cardBin: '411111', lastFourOfCard: '1234', expirationMonthYear: '1230', cardNickname: 'Token', ...address, ...over });

export class Bench {
  token = '';
  sessionId = '';
  readonly deviceId = randomUUID();
  private constructor(readonly ref: RunningReference, private readonly agent: Agent) {}

  static async start(options: ReferenceOptions = {}): Promise<Bench> {
    const ref = await startReference(options);
    const bench = new Bench(ref, new Agent({ connect: { ca: ref.caPem } }));
    if (!options.allowList) {
      bench.token = await bench.fetchToken();
      bench.sessionId = await bench.openSession();
    }
    return bench;
  }

  async raw(url: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
    const r = await request(url, { ...init, dispatcher: this.agent });
    const text = await r.body.text();
    let body: unknown;
    try { body = text === '' ? undefined : JSON.parse(text); } catch { body = undefined; }
    return { status: r.statusCode, headers: r.headers, text, body };
  }

  tokenRequest(form: Record<string, string>, basic: [string, string] | undefined = [this.ref.clientId, this.ref.clientSecret], path = ''): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': tokenContract.contentType };
    if (basic) headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
    return this.raw(`${this.ref.authUrl}${path}`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  }

  async fetchToken(basic?: [string, string], path = ''): Promise<string> {
    const r = await this.tokenRequest({ grant_type: tokenContract.grantType, scope: `${this.ref.scopeBase}${tokenContract.partnerScopeSuffix}` }, basic, path);
    return String(r.body?.access_token ?? '');
  }

  async openSession(deviceId = this.deviceId, token = this.token): Promise<string> {
    const r = await this.call('AuthenticatePartner', { body: { deviceId }, noSession: true, token });
    return String(r.headers.sessionid ?? '');
  }

  call(operationId: string, o: CallOptions = {}): Promise<Answer> {
    const op = operation(operationId);
    const headers: Record<string, string> = { authorization: `Bearer ${o.token ?? this.token}` };
    if (!o.versionInQuery) headers.apiversion = '1';
    if (!o.noSession) Object.assign(headers, { sessionid: this.sessionId, deviceid: this.deviceId });
    Object.assign(headers, o.headers ?? {});
    const query = new URLSearchParams(Object.entries({ ...(o.query ?? {}), ...(o.versionInQuery ? { apiVersion: '1' } : {}) }).map(([k, v]): [string, string] => [k, String(v)]));
    const qs = query.toString() === '' ? '' : `?${query.toString()}`;
    if (op.method === 'GET') return this.raw(`${this.ref.baseUrl}${op.path}${qs}`, { method: 'GET', headers });
    headers['content-type'] = 'application/json';
    return this.raw(`${this.ref.baseUrl}${op.path}${qs}`, { method: 'POST', headers, body: JSON.stringify(o.body ?? {}) });
  }

  async enroll(over: Record<string, unknown> = {}): Promise<{ customerId: string; payload: Record<string, unknown> }> {
    const payload = enrollPayload(over);
    const r = await this.call('EnrollCustomer', { body: payload });
    return { customerId: String(r.body?.CustomerId ?? ''), payload };
  }

  addCard(customerId: string, over: Record<string, unknown> = {}): Promise<Answer> {
    return this.call('AddOrUpdateCard', { body: cardPayload(customerId, over) });
  }

  async close(): Promise<void> {
    await this.ref.close();
    await this.agent.close();
  }
}
