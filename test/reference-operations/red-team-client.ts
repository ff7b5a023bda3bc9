import { Agent, request } from 'undici';
import { startReference, type RunningReference } from '../../reference/server.js';
import { expiredTokenPath } from '../../reference/token-endpoint.js';

/**
 * A small client of the reference for the red teams' probe self-tests (blind13, blind14, blind15: each
 * batch's red team wrote its own copy of it, blind; one now):
 * a token, a partner session and one request per call, so that each fault's probe can shape the one
 * request that shows it (no deviceId, an expired token, a form with a charset, another grant).
 */

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Leave these partner headers out. */
  without?: Array<'sessionId' | 'deviceId' | 'authorization'>;
  /** Use an access token issued already expired. */
  expired?: boolean;
}

export interface TokenRequestOptions {
  contentType?: string; grantType?: string; noGrant?: boolean; scope?: string; noScope?: boolean;
  denied?: boolean; expired?: boolean; secret?: string; bodyCredentials?: boolean;
}

const gets = new Set(['get-registered-cards', 'get-transaction-history']);
let counter = 0;
/** Digits no other probe of this process uses (SSNs, e-mail addresses, tokens). */
export const unique = (length: number): string => `${Date.now()}${process.pid}${++counter}`.slice(-length).padStart(length, '7');

export class RedTeamClient {
  readonly deviceId = `device-${unique(8)}`;
  sessionId = '';
  private token = '';
  constructor(readonly ref: RunningReference, readonly agent: Agent) {}

  static async start(faults: string[], allowList?: string[]): Promise<RedTeamClient> {
    const ref = await startReference({ faults, ...(allowList ? { allowList } : {}) });
    return new RedTeamClient(ref, new Agent({ connect: { ca: ref.caPem } }));
  }

  async close(): Promise<void> {
    await this.agent.close();
    await this.ref.close();
  }

  /**
   * POST the token form as a probe needs: `contentType`, `grantType` (or none, `noGrant`), `scope` (or
   * none, `noScope`), the denied client, another `secret`, the credentials in the form (`bodyCredentials`).
   */
  async tokenRequest(o: TokenRequestOptions = {}): Promise<Answer> {
    const [id, own] = o.denied ? [this.ref.deniedClientId, this.ref.deniedClientSecret] : [this.ref.clientId, this.ref.clientSecret];
    const secret = o.secret ?? own;
    const form = new URLSearchParams({ grant_type: o.grantType ?? 'client_credentials', scope: o.scope ?? `${this.ref.scopeBase}/auth/check-cashing` });
    if (o.noGrant) form.delete('grant_type');
    if (o.noScope) form.delete('scope');
    if (o.bodyCredentials) { form.set('client_id', id!); form.set('client_secret', secret!); }
    const basic: Record<string, string> = o.bodyCredentials ? {} : { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` };
    const url = o.expired ? `${this.ref.baseUrl}${expiredTokenPath}` : this.ref.authUrl;
    const r = await request(url, {
      method: 'POST', dispatcher: this.agent, body: form.toString(),
      headers: { 'content-type': o.contentType ?? 'application/x-www-form-urlencoded', ...basic },
    });
    const text = await r.body.text();
    let body: unknown = text;
    try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON: kept as text */ }
    return { status: r.statusCode, headers: r.headers, body };
  }

  /** A token and a partner session (AuthenticatePartner); `denied`: as the denied client. */
  async open(denied = false, deviceId = this.deviceId): Promise<Answer> {
    this.token = (await this.tokenRequest({ denied })).body.access_token;
    const r = await this.call('authenticate', { body: { deviceId }, without: ['sessionId', 'deviceId'] });
    this.sessionId = String(r.headers.sessionid ?? '');
    return r;
  }

  async call(slug: string, o: CallOptions = {}): Promise<Answer> {
    const token = o.expired ? (await this.tokenRequest({ expired: true })).body.access_token : this.token;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, sessionId: this.sessionId, deviceId: this.deviceId, ...o.headers };
    for (const h of o.without ?? []) delete headers[h];
    const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
    const get = gets.has(slug);
    const r = await request(`${this.ref.baseUrl}/api/v1/partners/${slug}${qs}`, {
      method: get ? 'GET' : 'POST', dispatcher: this.agent,
      headers: get ? headers : { ...headers, 'content-type': 'application/json' }, ...(get ? {} : { body: JSON.stringify(o.body ?? {}) }),
    });
    const text = await r.body.text();
    let body: unknown = text;
    try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON: kept as text */ }
    return { status: r.statusCode, headers: r.headers, body };
  }
}
