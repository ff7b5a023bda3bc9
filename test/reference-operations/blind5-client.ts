import { randomUUID } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { operation, sessionHeaders, tokenContract } from '../../contract/index.js';
import { startReference, type ReferenceOptions, type RunningReference } from '../../reference/server.js';

/**
 * A small client of the embedded reference for the blind5 fault probes (test/reference-operations/blind5.test.ts):
 * token, session and one call per operation, with the reply's status, headers and parsed body, so a
 * probe can show a header or a media type as well as a body.
 */

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly body: any;
}

export interface Send {
  method?: string; body?: unknown; query?: Record<string, string | number>;
  headers?: Record<string, string>; noSession?: boolean; token?: string | null;
}

export function send(ref: RunningReference, url: string, s: Send & { raw?: string; contentType?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(s.query ?? {})) u.searchParams.set(k, String(v));
    const payload = s.raw ?? (s.body === undefined ? undefined : JSON.stringify(s.body));
    const headers: Record<string, string> = { ...(payload !== undefined ? { 'content-type': s.contentType ?? 'application/json' } : {}), ...s.headers };
    const req = httpsRequest(u, { method: s.method ?? 'POST', ca: ref.caPem, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let body: unknown;
        try { body = text ? JSON.parse(text) : undefined; } catch { body = undefined; }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Starts above the reference's declined card number (4000000000000002), so no probe card is declined by accident. */
let counter = 1000;
/** Digits no other probe of this process used: `first` and a counter, `length` digits in all. */
export function fresh(length: number, first = '5'): string {
  counter += 1;
  return first + String(counter).padStart(length - 1, '0');
}

export const guid = (): string => randomUUID();
const address = { addressLine1: '1 Main St', addressLine2: 'Apt 2', city: 'Springfield', state: 'IL', zip: '62701' };

export class Probe {
  sessionId = '';
  deviceId = 'probe-device';
  private constructor(readonly ref: RunningReference, public token: string) {}

  static async start(faults: string[], options: ReferenceOptions = {}): Promise<Probe> {
    const ref = await startReference({ ...options, faults });
    const probe = new Probe(ref, '');
    if (options.allowList) return probe;
    probe.token = (await probe.tokenRequest('basic')).body.access_token;
    probe.sessionId = await probe.openSession(probe.deviceId);
    return probe;
  }

  tokenRequest(credentialsIn: 'basic' | 'body'): Promise<Answer> {
    const form = new URLSearchParams({ grant_type: tokenContract.grantType, scope: `${this.ref.scopeBase}${tokenContract.partnerScopeSuffix}` });
    const headers: Record<string, string> = {};
    if (credentialsIn === 'basic') headers.authorization = `Basic ${Buffer.from(`${this.ref.clientId}:${this.ref.clientSecret}`).toString('base64')}`;
    else { form.set('client_id', this.ref.clientId); form.set('client_secret', this.ref.clientSecret); }
    return send(this.ref, this.ref.authUrl, { raw: form.toString(), contentType: tokenContract.contentType, headers });
  }

  async openSession(deviceId: string): Promise<string> {
    const r = await this.call('AuthenticatePartner', { body: { deviceId }, noSession: true });
    return String(r.headers[sessionHeaders.sessionId.toLowerCase()] ?? '');
  }

  call(operationId: string, s: Send = {}): Promise<Answer> {
    const op = operation(operationId);
    const headers: Record<string, string> = { ...(s.token === null ? {} : { authorization: `Bearer ${s.token ?? this.token}` }) };
    if (!s.noSession) Object.assign(headers, { [sessionHeaders.sessionId]: this.sessionId, [sessionHeaders.deviceId]: this.deviceId });
    const get = op.method === 'GET';
    return send(this.ref, `${this.ref.baseUrl}${op.path}`, { ...s, method: op.method, headers: { ...headers, ...s.headers }, ...(get ? { query: (s.query ?? s.body) as Record<string, string>, body: undefined } : {}) });
  }

  async enroll(overrides: Record<string, unknown> = {}): Promise<{ customerId: string; ssn: string; status: number }> {
    const ssn = String(overrides.ssn ?? fresh(9));
    const body = {
      emailAddress: `p${fresh(12)}@example.test`, ssn, firstName: 'Ada', lastName: 'Lovelace', mobileNumber: fresh(10, '3'),
      dateOfBirth: '1990-04-01', allowTexts: true, ...address, ...overrides,
    };
    const r = await this.call('EnrollCustomer', { body });
    return { customerId: r.body?.CustomerId, ssn, status: r.status };
  }

  card(customerId: string, overrides: Record<string, unknown> = {}): Promise<Answer> {
    return this.call('AddOrUpdateCard', { body: { customerId, cardNumber: fresh(16, '4'), expirationMonthYear: '0430', cardNickname: 'Main', ...address, ...overrides } });
  }

  tokenCard(customerId: string, overrides: Record<string, unknown> = {}): Promise<Answer> {
    return this.call('AddOrUpdateTokenizedCard', { body: { customerId, cardToken: `tok_${fresh(20)}`, cardBin: '411111', lastFourOfCard: '1234', expirationMonthYear: '0430', cardNickname: 'Token', ...address, ...overrides } });
  }

  close(): Promise<void> {
    return this.ref.close();
  }
}
