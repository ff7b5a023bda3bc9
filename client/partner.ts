import { readFileSync } from 'node:fs';
import type { Profile } from '../contract/profile.js';
import { sessionHeaders } from '../contract/resources.js';
import { tokenContract } from '../contract/token.js';
import type { CaseRequest, Exchange } from './exchange.js';
import { SessionError, TargetUnreachableError } from './errors.js';
import { Redactor } from './redaction.js';
import { ExchangeRecorder } from './exchange-log.js';
import { formatExchange } from './exchange-text.js';
import { partnerRequest, type CallInput, type CallOptions, type Session } from './partner-request.js';
import { TokenClient } from './token.js';
import { createTransport, type Transport, type TransportOptions } from './transport.js';
import { workerLedger } from './rate-ledger.js';
import { runFlightPermits } from './flight-permits.js';
import { toCurl } from './curl.js';
import { proxyCredentials } from './proxy.js';

export interface PartnerTarget {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Extra CA (PEM); when absent, profile.caFile is read. */
  readonly caPem?: string;
}

export type { CallInput, CallOptions, Session } from './partner-request.js';

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

/** @see interface.md "Endpoints" and "Authentication"; decisions D1, D2, D3, D5. */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const { profile, target } = options;
  const redactor = options.redactor ?? new Redactor();
  const recorder = options.recorder ?? new ExchangeRecorder();
  const ca = target.caPem ?? (profile.caFile ? readFileSync(profile.caFile, 'utf8') : undefined);
  const ledger = workerLedger();
  const permits = runFlightPermits();
  // A proxy URL's user and password are masked like every secret wherever a message quotes them.
  const proxy = profile.proxy;
  for (const value of [proxy?.httpsProxy, proxy?.httpProxy].flatMap((u) => (u ? proxyCredentials(u) : []))) redactor.learn(value, 'proxyCredentials');
  const transport = createTransport({
    timeoutMs: profile.timeoutMs,
    concurrency: profile.concurrency,
    rateLimit: profile.rateLimit,
    ...(ca ? { ca } : {}),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(proxy ? { proxy } : {}),
    // TARGET_RETRY_ATTEMPTS and TARGET_RETRY_MAX_WAIT_MS; a caller's own policy (a test) wins.
    retry: { maxAttempts: profile.retryAttempts, retryAfterCapMs: profile.retryMaxWaitMs, ...options.retry },
    shareLimits: true,
    ...(ledger ? { rateLedger: ledger } : {}),
    ...(permits ? { permits } : {}),
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
    const bearer = o.omitAuth ? undefined : o.bearer ?? (await token.getToken());
    if (o.bearer) redactor.learn(o.bearer, 'accessToken');
    redactor.learn(o.session?.sessionId, 'sessionId');
    const request = partnerRequest(profile, target.baseUrl, operationId, input, o, bearer);
    redactor.learnJson(request.body);
    redactor.learnJson(input.query);
    const exchange = await transport.send(request, o.idempotent === undefined ? {} : { idempotent: o.idempotent });
    redactor.learn(exchange.response?.headers[sessionHeaders.sessionId.toLowerCase()], 'sessionId');
    redactor.learnJson(exchange.response?.json);
    recorder.record(exchange);
    return exchange;
  }

  async function authenticatePartner(deviceId: string = profile.deviceId) {
    const exchange = await call('AuthenticatePartner', { body: { deviceId } });
    const sessionId = exchange.response?.headers[sessionHeaders.sessionId.toLowerCase()];
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
