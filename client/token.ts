import { randomUUID } from 'node:crypto';
import { tokenContract, tokenOperation } from '../contract/token.js';
import type { CaseRequest, Exchange } from './exchange.js';
import type { Transport } from './transport.js';
import { TargetUnreachableError, TokenRequestError } from './errors.js';
import { Redactor } from './redaction.js';
import { formatExchange } from './exchange-text.js';

/**
 * OAuth 2.0 client-credentials client (interface.md "Authentication", RFC 6749 4.4).
 * Tokens are cached per scope and refreshed shortly before `expires_in` runs out
 * (interface.md 9); concurrent callers of one scope share one request.
 */
export type CredentialsIn = 'basic' | 'body' | 'none';

export interface TokenClientOptions {
  readonly transport: Transport;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly credentialsIn: 'basic' | 'body';
  /** Scope used when none is given. */
  readonly defaultScope: string;
  readonly redactor?: Redactor;
  /** Records every token exchange (evidence). */
  readonly onExchange?: (exchange: Exchange) => void;
  /** Milliseconds clock; a test seam. */
  readonly now?: () => number;
}

/** Everything the token-endpoint suite may bend; each default is the documented request. */
export interface TokenRequestOptions {
  readonly scope?: string;
  /** Extra or replaced form fields; `undefined` removes a field (missing scope, missing grant_type). */
  readonly form?: Readonly<Record<string, string | undefined>>;
  readonly credentialsIn?: CredentialsIn;
  readonly credentials?: { readonly clientId: string; readonly clientSecret: string };
  /** Form fields sent a second time, with the same value (RFC 6749 §3.1: a parameter must not be repeated). */
  readonly repeat?: readonly string[];
  /** Sent verbatim instead of the form (a JSON body...); pair it with a content-type header. */
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface AccessToken {
  readonly accessToken: string;
  readonly scope: string;
  /** Clock time (ms) after which the cache fetches a new token. */
  readonly refreshAt: number;
  readonly exchange: Exchange;
}

/** Refresh 10% of the lifetime early, but never more than 60 s early. */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

export class TokenClient {
  private readonly cache = new Map<string, AccessToken>();
  private readonly inFlight = new Map<string, Promise<AccessToken>>();
  private readonly now: () => number;
  readonly redactor: Redactor;

  constructor(private readonly options: TokenClientOptions) {
    this.now = options.now ?? Date.now;
    this.redactor = options.redactor ?? new Redactor();
    this.redactor.learn(options.clientSecret, 'clientSecret');
  }

  /** A valid access token for `scope`: cached, or fetched once for all concurrent callers. */
  async getToken(scope: string = this.options.defaultScope): Promise<string> {
    return (await this.getAccessToken(scope)).accessToken;
  }

  async getAccessToken(scope: string = this.options.defaultScope): Promise<AccessToken> {
    const cached = this.cache.get(scope);
    if (cached && this.now() < cached.refreshAt) return cached;
    let pending = this.inFlight.get(scope);
    if (!pending) {
      pending = this.fetch(scope).finally(() => this.inFlight.delete(scope));
      this.inFlight.set(scope, pending);
    }
    return pending;
  }

  /** Forget cached tokens (one scope, or all): the next getToken asks the endpoint. */
  invalidate(scope?: string): void {
    if (scope === undefined) this.cache.clear();
    else this.cache.delete(scope);
  }

  /** One raw token request; never throws for an HTTP status. */
  async requestToken(options: TokenRequestOptions = {}): Promise<Exchange> {
    const request = this.buildRequest(options);
    const exchange = await this.options.transport.send(request);
    const json = exchange.response?.json as { access_token?: unknown } | undefined;
    if (typeof json?.access_token === 'string') this.redactor.learn(json.access_token, 'accessToken');
    this.options.onExchange?.(exchange);
    return exchange;
  }

  buildRequest(options: TokenRequestOptions = {}): CaseRequest {
    const { clientId, clientSecret } = options.credentials ?? this.options;
    const mode = options.credentialsIn ?? this.options.credentialsIn;
    const fields: Record<string, string | undefined> = {
      grant_type: tokenContract.grantType,
      scope: options.scope ?? this.options.defaultScope,
      ...(mode === 'body' ? { client_id: clientId, client_secret: clientSecret } : {}),
      ...options.form,
    };
    const form = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
    for (const name of options.repeat ?? []) if (fields[name] !== undefined) form.append(name, fields[name]);
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    this.redactor.learn(clientSecret, 'clientSecret');
    this.redactor.learn(basic, 'basicCredentials');
    return {
      operation: tokenOperation,
      method: 'POST',
      url: this.options.authUrl,
      query: {},
      headers: {
        'content-type': tokenContract.contentType,
        accept: 'application/json',
        ...(mode === 'basic' ? { authorization: `Basic ${basic}` } : {}),
        ...options.headers,
      },
      rawBody: options.rawBody ?? form.toString(),
      correlationId: randomUUID(),
    };
  }

  private async fetch(scope: string): Promise<AccessToken> {
    const sentAt = this.now();
    const exchange = await this.requestToken({ scope });
    if (exchange.transportError?.code === 'TARGET_UNREACHABLE') throw new TargetUnreachableError(exchange);
    const json = exchange.response?.json as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (exchange.transportError || exchange.response?.status !== 200 || typeof json?.access_token !== 'string' || json.access_token === '') {
      throw new TokenRequestError(exchange, formatExchange(exchange, this.redactor));
    }
    // A missing or unusable expires_in is a finding for the token suite; here the documented lifetime applies.
    const seconds = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : tokenContract.expiresIn;
    const lifetimeMs = seconds * 1000;
    const token: AccessToken = { accessToken: json.access_token, scope, refreshAt: sentAt + lifetimeMs - refreshMarginMs(lifetimeMs), exchange };
    this.cache.set(scope, token);
    return token;
  }
}
