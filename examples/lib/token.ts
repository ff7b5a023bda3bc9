import type { ClientConfig } from './config.js';
import { log } from './log.js';
import { answered, type Outcome, type HttpRequest } from './transport.js';

export interface AccessToken {
  readonly value: string;
  /** Seconds, as the token endpoint said. */
  readonly expiresIn: number;
  /** Date.now() when it was received. */
  readonly receivedAt: number;
}

/** Where PartnerApi gets the bearer token of each call; the two clients differ exactly here. */
export interface TokenSource {
  get(): Promise<string | undefined>;
  /** The target answered 401 for this token: it must not be used again. */
  discard(): void;
}

/** The OAuth 2.0 client-credentials grant (interface.md "Authentication", RFC 6749 section 4.4). */
export function tokenRequest(config: ClientConfig): HttpRequest {
  const basic = Buffer.from(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64');
  return {
    method: 'POST',
    url: config.authUrl,
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: config.scope }).toString(),
  };
}

/** The token of a 200 answer, or undefined. Logs the call (never the token). */
export function readToken(outcome: Outcome): AccessToken | undefined {
  log.call('token', outcome);
  if (!answered(outcome) || outcome.status !== 200) return undefined;
  const body = outcome.body as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof body?.access_token !== 'string' || body.access_token === '') return undefined;
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { value: body.access_token, expiresIn, receivedAt: Date.now() };
}
