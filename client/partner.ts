import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { operation } from '../contract/operations.js';
import type { Profile } from '../contract/profile.js';
import { apiVersion, responseMembers } from '../contract/resources.js';
import { tokenContract } from '../contract/token.js';
import type { CaseRequest, Exchange } from './exchange.js';
import { SessionError, TargetUnreachableError } from './errors.js';
import { Redactor } from './redaction.js';
import { ExchangeRecorder, formatExchange } from './recorder.js';
import { TokenClient } from './token.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';
import { workerLedger } from './rate-ledger.js';
import { toCurl } from './curl.js';

export interface PartnerTarget {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Extra CA (PEM); when absent, profile.caFile is read. */
  readonly caPem?: string;
}

export interface Session {
  readonly sessionId: string;
  readonly deviceId: string;
}

export interface CallInput {
  /** Request fields; for an operation sent with GET (D1) they go in the query string. */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly query?: Readonly<Record<string, unknown>>;
}

export interface CallOptions {
  readonly session?: Session;
  /** Extra headers; they win over the ones the client sets. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Send no Authorization header (D2 negative cases). */
  readonly omitAuth?: boolean;
  /** Present this value as the Bearer token instead of a fresh one (malformed, expired). */
  readonly bearer?: string;
  /** D5: where apiVersion goes; default profile.apiVersionIn. */
  readonly apiVersionIn?: 'header' | 'query' | 'none';
  readonly apiVersion?: string;
  /** Sent verbatim (malformed JSON); content-type application/json unless headers say otherwise. */
  readonly rawBody?: string;
  /** Marks a request as safe to retry or not; default: GETs and operations that do not write (contract `writes`). */
  readonly idempotent?: boolean;
}

export interface PartnerClientOptions {
  readonly profile: Profile;
  readonly target: PartnerTarget;
  readonly localAddress?: string;
  readonly retry?: TransportOptions['retry'];
  readonly redactor?: Redactor;
  readonly recorder?: ExchangeRecorder;
  /** Token clock, a test seam. */
  readonly now?: () => number;
}

export interface PartnerClient {
  call(operationId: string, input?: CallInput, options?: CallOptions): Promise<Exchange>;
  authenticatePartner(deviceId?: string): Promise<{ sessionId?: string; exchange: Exchange }>;
  openSession(deviceId?: string): Promise<Session>;
  /** The curl command of a request, secrets masked, with --cacert when an extra CA is trusted. */
  curl(request: CaseRequest): string;
  readonly token: TokenClient;
  readonly transport: Transport;
  readonly redactor: Redactor;
  readonly recorder: ExchangeRecorder;
  close(): Promise<void>;
}

function toQuery(fields: Readonly<Record<string, unknown>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    if (v === undefined) continue;
    out[k] = typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** @see interface.md "Endpoints" and "Authentication"; decisions D1, D2, D3, D5. */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const { profile, target } = options;
  const redactor = options.redactor ?? new Redactor();
  const recorder = options.recorder ?? new ExchangeRecorder();
  const ca = target.caPem ?? (profile.caFile ? readFileSync(profile.caFile, 'utf8') : undefined);
  const ledger = workerLedger();
  const transport = createTransport({
    timeoutMs: profile.timeoutMs,
    concurrency: profile.concurrency,
    rateLimit: profile.rateLimit,
    ...(ca ? { ca } : {}),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    shareLimits: true,
    ...(ledger ? { rateLedger: ledger } : {}),
  });
  const token = new TokenClient({
    transport,
    authUrl: target.authUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    credentialsIn: profile.credentialsIn,
    defaultScope: profile.partnerScope ?? `${profile.scopeBase}${tokenContract.partnerScopeSuffix}`,
    redactor,
    onExchange: (e) => recorder.record(e),
    ...(options.now ? { now: options.now } : {}),
  });

  async function call(operationId: string, input: CallInput = {}, o: CallOptions = {}): Promise<Exchange> {
    const op = operation(operationId);
    const method = profile.methods[op.id] ?? op.method;
    const query = toQuery({ ...(method === 'GET' ? input.body : {}), ...input.query });
    const headers: Record<string, string> = { accept: 'application/json' };
    const versionIn = o.apiVersionIn ?? profile.apiVersionIn;
    const version = o.apiVersion ?? apiVersion;
    if (versionIn === 'header') headers[responseMembers.apiVersion] = version;
    if (versionIn === 'query') query[responseMembers.apiVersion] = version;
    if (!o.omitAuth) headers.authorization = `Bearer ${o.bearer ?? (await token.getToken())}`;
    if (o.bearer) redactor.learn(o.bearer, 'accessToken');
    if (o.session) {
      headers[responseMembers.sessionHeader] = o.session.sessionId;
      headers[responseMembers.deviceHeader] = o.session.deviceId;
      redactor.learn(o.session.sessionId, 'sessionId');
    }
    if (o.rawBody !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, o.headers);
    const body = method === 'GET' ? undefined : input.body;
    redactor.learnJson(body);
    redactor.learnJson(input.query);
    const request: CaseRequest = {
      operation: op.id, method, url: `${target.baseUrl}${op.path}`, query, headers,
      ...(body === undefined ? {} : { body }),
      ...(o.rawBody === undefined ? {} : { rawBody: o.rawBody }),
      correlationId: randomUUID(),
    };
    // An operation that changes nothing (contract `writes: false`) is safe to repeat whatever its method.
    const idempotent = o.idempotent ?? (op.writes ? undefined : true);
    const exchange = await transport.send(request, idempotent === undefined ? {} : { idempotent });
    redactor.learn(exchange.response?.headers[responseMembers.sessionHeader.toLowerCase()], 'sessionId');
    redactor.learnJson(exchange.response?.json);
    recorder.record(exchange);
    return exchange;
  }

  async function authenticatePartner(deviceId: string = profile.deviceId) {
    const exchange = await call('AuthenticatePartner', { body: { deviceId } });
    const sessionId = exchange.response?.headers[responseMembers.sessionHeader.toLowerCase()];
    return sessionId ? { sessionId, exchange } : { exchange };
  }

  return {
    call,
    authenticatePartner,
    async openSession(deviceId: string = profile.deviceId) {
      const { sessionId, exchange } = await authenticatePartner(deviceId);
      if (exchange.transportError?.code === 'TARGET_UNREACHABLE') throw new TargetUnreachableError(exchange);
      const status = exchange.response?.status ?? 0;
      if (!sessionId || status < 200 || status > 299 || exchange.transportError) {
        throw new SessionError(exchange, formatExchange(exchange, redactor));
      }
      return { sessionId, deviceId };
    },
    curl: (request) => toCurl(request, redactor, { caFile: ca !== undefined }),
    token,
    transport,
    redactor,
    recorder,
    close: () => transport.close(),
  };
}
