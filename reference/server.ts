import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { defaults, minTlsVersion, referenceOnlyErrors, tokenContract } from '../contract/index.js';
import { allowListMatcher, defaultAllowList } from './allow-list.js';
import { deferRefusal, installStatusAfterAction, refuseTokenAfterAction } from './refusal-after-action.js';
import { registerApiGuards } from './api-guards.js';
import { clientRegistry, deniedClientId, testClientId } from './clients.js';
import { faultSet, type FaultSet } from './faults/index.js';
import { readingSet } from './readings.js';
import { tokenSigner } from './jwt.js';
import { partnerOperations } from './operations/index.js';
import { requestPath, sendProblem, sendReferenceProblem, sendValidationProblem } from './problems.js';
import { referenceCredentials } from './tls.js';
import { expiredTokenPath, tokenEndpoint, tokenPath } from './token-endpoint.js';
import { installInterception, type Interceptor, type Observer } from './interception.js';
import { blind2AllowList } from './faults/blind2/hooks.js';
import { blind3SourceAllowed } from './faults/blind3/access.js';
import { blind4SourceAddress } from './faults/blind4/hooks.js';
import { anyBlind10 } from './faults/blind10/hooks.js';
import { blind10Reply } from './faults/blind10/replies.js';
import { anyBlind11 } from './faults/blind11/hooks.js';
import { blind11Reply } from './faults/blind11/replies.js';
import { anyBlind12 } from './faults/blind12/inputs.js';
import { blind12Reply } from './faults/blind12/replies.js';
import { blind12AllowListSkipped } from './faults/blind12/access.js';
import { installBlind13Hooks } from './faults/blind13/replies.js';
import { installBlind14Hooks } from './faults/blind14/replies.js';
import { installBlind15Hooks } from './faults/blind15/replies.js';
import { installBlind16Hooks } from './faults/blind16/replies.js';
import { blind16AllowListSkipped } from './faults/blind16/access.js';
import { installBlind17Hooks } from './faults/blind17/replies.js';
import { installBlind18Hooks } from './faults/blind18/replies.js';
import { installBlind19Hooks } from './faults/blind19/replies.js';
import { installBlind20Hooks } from './faults/blind20/replies.js';
import { blind19AllowListSkipped } from './faults/blind19/access.js';
import { blind17AllowListAfterAction } from './faults/blind17/access.js';
import { blind14AllowListSkipped } from './faults/blind14/access.js';
import { chaosInterceptor } from './chaos.js';
import { installJsonBodyParser } from './json-body.js';
import { installTransportReadings, methodNotAllowed } from './blind2/answers.js';
import { blind3ServerOptions } from './blind3/paths.js';
import { blind3NotFound, installBlind3Early, installBlind3Late } from './blind3/transport.js';
import { blind4GatewayRefusal, installBlind4 } from './blind4/transport.js';
import { installBlind5 } from './blind5/transport.js';
import { installBlind5Inputs } from './blind5/inputs.js';
import type { ChaosKind, ChaosSettings } from '../contract/chaos.js';
import './fastify-types.js';

/** @see DESIGN.md "Reference service" */
export interface ReferenceOptions {
  /** Names from reference/faults/index.ts; an unknown name throws FaultUnknownError. */
  faults?: string[];
  /** Conformant alternative readings from reference/readings.ts; an unknown name throws ReadingUnknownError. */
  readings?: string[];
  host?: string;
  port?: number;
  /** Addresses or CIDR ranges; default 127.0.0.1, ::1, ::ffff:127.0.0.1. */
  allowList?: string[];
  tokenLifetimeSeconds?: number;
  /** Shifts the clock tokens are issued by (negative: tokens born expired). */
  clockOffsetSeconds?: number;
  /** Keep every request and reply in `stats.traffic` (self-tests that scan reports for leaked values). */
  captureTraffic?: boolean;
  /** Consulted before an operation runs; may answer in its place (a certification sandbox, certification/). */
  interceptor?: Interceptor;
  /** Told of every exchange, answered, reset or aborted (reference/interception.ts). */
  observer?: Observer;
  /** Chaos mode (REFERENCE_CHAOS, reference/chaos.ts): transient faults injected into a share of the calls. */
  chaos?: ChaosSettings;
  /** Seed of the chaos draw when `chaos.seed` is unset (the run's seed). */
  chaosSeed?: number;
  /** Every reply is held this long before it is sent (REFERENCE_LATENCY_MS): a sandbox in another region. */
  latencyMs?: number;
}

export interface RequestRecord { method: string; path: string; at: number; remoteAddress: string }

/** One request and its reply as the reference saw them (captureTraffic only). */
export interface TrafficRecord {
  requestHeaders: Record<string, unknown>;
  requestBody: unknown;
  query: unknown;
  responseHeaders: Record<string, unknown>;
  responseBody: string;
}

export interface RunningReference {
  baseUrl: string; authUrl: string;
  clientId: string; clientSecret: string;
  caPem: string; caFile: string;
  scopeBase: string;
  deniedClientId: string;
  /** Secret of the denied client (it gets tokens; AuthenticatePartner denies it). */
  deniedClientSecret: string;
  stats: { requests: RequestRecord[]; traffic: TrafficRecord[] };
  /** With `chaos`: the calls that met each kind of transient fault so far. */
  chaosInjected?: Readonly<Record<ChaosKind, number>>;
  close(): Promise<void>;
}

/** Fastify's own 4xx errors (body parsing, limits) as Problems; anything else is a 500 bug. */
function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    // Reading `blind2-method-not-allowed-405` (D1): a known path asked with another method.
    // Readings `blind3-options-allow`, `blind3-no-head` (D1): OPTIONS and HEAD on a known path.
    (methodNotAllowed(request, reply) || blind3NotFound(request, reply) ? reply : sendReferenceProblem(reply, request, 'notFound', `no resource at ${request.method} ${requestPath(request)}`)));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error.validation) {
      const prefix = error.validationContext === 'querystring' ? 'query' : 'command';
      return sendValidationProblem(reply, request, error.validation.map((v) => ({
        key: `${prefix}${v.instancePath.replace(/\//g, '.')}`, message: v.message ?? 'is not valid',
      })));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendReferenceProblem(reply, request, 'unsupportedMediaType', error.message);
    }
    if (status === 400 && app.faults.has('invalid-json-500'))
      return sendProblem(reply, request, { status: 500, title: STATUS_CODES[500]!, errorCode: 'INTERNAL_SERVER_ERROR', detail: `the body parser failed: ${error.message}` });
    if (status === 400 && app.faults.has('invalid-json-plain-text-400')) return reply.code(400).type('text/plain; charset=utf-8').send(STATUS_CODES[400]!);
    if (status === 400 && app.readings.has('invalid-json-other-code'))
      return sendProblem(reply, request, { status, title: 'Bad Request', errorCode: 'MALFORMED_REQUEST', detail: 'The request body could not be parsed.' });
    if (status === 400) return sendReferenceProblem(reply, request, 'invalidJson', `the request body is not valid JSON: ${error.message}`);
    if (status > 400 && status < 500) {
      const title = STATUS_CODES[status] ?? 'Error';
      return sendProblem(reply, request, { status, title, errorCode: title.toUpperCase().replace(/\W+/g, '_'), detail: error.message });
    }
    request.log.error(error);
    return sendProblem(reply, request, {
      status: 500, title: STATUS_CODES[500]!, errorCode: 'INTERNAL_SERVER_ERROR', typeUrl: 'about:blank',
      detail: `the reference failed unexpectedly: ${error.message}`,
    });
  });
}

/**
 * allow-list-trusts-forwarded: the source is read from X-Forwarded-For (its first entry) or
 * Forwarded (its first for=), as behind a proxy, though no proxy is in front (D46).
 */
function forwardedSource(faults: FaultSet, headers: Record<string, string | string[] | undefined>): string | undefined {
  if (!faults.has('allow-list-trusts-forwarded')) return undefined;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const xff = first(headers['x-forwarded-for'])?.split(',')[0]?.trim();
  const forwarded = /for="?\[?([^\]";,]+)/i.exec(first(headers.forwarded) ?? '')?.[1];
  return xff || forwarded || undefined;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the embedded reference service over HTTPS with its own CA.
 * Order of the guards: allow list (403, every route), then for /api/: bearer (401),
 * apiVersion (400), media type (415), JSON parsing (400 INVALID_JSON), the operation.
 * @see DESIGN.md "Reference service", decisions.md D2, D5, D24-D27, D30
 */
export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const faults = faultSet(options.faults ?? []);
  const readings = readingSet(options.readings ?? []);
  const allowEntries = options.allowList ?? [...defaultAllowList];
  // blind1-allow-list-slash24: a bare IPv4 address is read as its /24 network.
  const allowed = blind2AllowList(faults, allowListMatcher(faults.has('blind1-allow-list-slash24')
    ? allowEntries.map((e) => (/^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/.test(e.trim()) ? `${e.trim().replace(/\.[0-9]+$/, '.0')}/24` : e)) : allowEntries));
  const tls = referenceCredentials();
  const legacyTls = faults.has('tls-allows-legacy');
  const clients = clientRegistry(defaults.scopeBase);
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? tokenContract.expiresIn;
  const signer = tokenSigner({ lifetimeSeconds, clockOffsetSeconds: options.clockOffsetSeconds ?? 0, faults, readings });
  const stats: RunningReference['stats'] = { requests: [], traffic: [] };

  const app = Fastify({
    logger: false,
    https: {
      key: tls.keyPem, cert: tls.certPem,
      // Reading `blind4-tls13-only` ("TLS 1.2 or later"): a TLS 1.3-only front end.
      minVersion: legacyTls ? 'TLSv1' : readings.has('blind4-tls13-only') ? 'TLSv1.3' : minTlsVersion,
      ...(legacyTls ? { ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
    },
    // Readings blind3-trailing-slash, -paths-any-case, -max-requests-per-connection, -keep-alive-one-second, -no-head.
    ...blind3ServerOptions(readings),
  });
  app.decorate('faults', faults);
  app.decorate('readings', readings);
  installErrorHandlers(app);
  installJsonBodyParser(app, readings);
  // The expired-token path is the reference's own seam for the harness, not part of the interface: no chaos there.
  const chaos = options.chaos ? chaosInterceptor(options.chaos, options.chaosSeed ?? 0, (path) => path.startsWith(expiredTokenPath)) : undefined;
  const interceptor: Interceptor | undefined = chaos && options.interceptor
    ? (call) => options.interceptor!(call) ?? chaos.interceptor(call)
    : options.interceptor ?? chaos?.interceptor;
  installInterception(app, interceptor, options.observer);
  // blind6-allow-list-cached-by-token: bearer tokens already admitted from an allowed address.
  const admittedTokens = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    const forwarded = forwardedSource(faults, request.headers);
    const remoteAddress = forwarded ?? request.socket.remoteAddress ?? '';
    stats.requests.push({ method: request.method, path: requestPath(request), at: Date.now(), remoteAddress });
    // blind4-allow-list-x-forwarded-for / -forwarded-header: a forwarding header taken for the source (D46).
    const blind4Source = blind4SourceAddress(faults, request.headers, remoteAddress);
    // blind5-allow-list-authenticate-exempt: the login route is registered before the allow-list filter.
    if (faults.has('blind5-allow-list-authenticate-exempt') && requestPath(request).endsWith('/partners/authenticate')) return;
    // blind7-allow-list-delete-exempt: DeleteCard sits on a router the allow-list filter was not added to.
    if (faults.has('blind7-allow-list-delete-exempt') && requestPath(request).endsWith('/partners/delete-card')) return;
    // blind8-allow-list-tcard-exempt: the tokenized-card route was registered on a router the allow-list filter was not added to.
    if (faults.has('blind8-allow-list-tcard-exempt') && requestPath(request).endsWith('/partners/add-or-update-tokenized-card')) return;
    // blind9-allow-list-obo-exempt: the OBO route sits on the customer-context router, which has no allow-list filter.
    if (faults.has('blind9-allow-list-obo-exempt') && requestPath(request).endsWith('/partners/authenticate-obo')) return;
    // blind11-allow-list-enroll-exempt: EnrollCustomer sits on the onboarding router, which has no allow-list filter.
    if (faults.has('blind11-allow-list-enroll-exempt') && requestPath(request).endsWith('/partners/enroll-customer')) return;
    // blind12-allow-list-checked-at-login-only: the filter sits on the token and login routes only.
    if (blind12AllowListSkipped(faults, requestPath(request), tokenPath)) return;
    // blind13-allow-list-find-exempt: FindCustomer is registered before the allow-list filter.
    if (faults.has('blind13-allow-list-find-exempt') && requestPath(request).endsWith('/partners/find-customer')) return;
    // blind14-allow-list-card-exempt: AddOrUpdateCard sits on a router the allow-list filter was not added to.
    if (blind14AllowListSkipped(faults, requestPath(request))) return;
    // blind19-allow-list-cattr-exempt: AddCustomerAttributes sits on the ancillary router, which has no allow-list filter.
    if (blind19AllowListSkipped(faults, requestPath(request))) return;
    // blind16-allow-list-skipped-with-query-version: the older, query-versioned pipeline has no allow-list filter.
    if (blind16AllowListSkipped(faults, request)) return;
    // allow-list-skipped-on-query-versioned-sattr: the ancillary pipeline that serves the query-versioned route has no allow-list filter.
    if (faults.has('allow-list-skipped-on-query-versioned-sattr') && requestPath(request).endsWith('/partners/add-session-attributes') && /[?&]apiVersion=/.test(request.url)) return;
    // blind4-allow-list-get-exempt: the allow list is a rule of the write methods only.
    if (faults.has('blind4-allow-list-get-exempt') && request.method === 'GET') return;
    // allow-list-skipped-on-get: the allow list is a filter on writes only.
    if (faults.has('allow-list-skipped-on-get') && request.method === 'GET') return;
    // blind3-allow-list-*: a forwarding header taken for the source, or a path left off the list.
    const sourceAllowed = blind4Source !== remoteAddress ? allowed(blind4Source) : forwarded !== undefined ? allowed(forwarded) : blind3SourceAllowed(faults, request, allowed);
    // blind17-allow-list-status-only-after-handler: the allow list is a result filter that runs after the action.
    if (!sourceAllowed && blind17AllowListAfterAction(faults, request)) return;
    // blind6-allow-list-cached-by-token: the allow-list decision is cached per access token, not per source.
    const bearer = request.headers.authorization ?? '';
    if (faults.has('blind6-allow-list-cached-by-token') && bearer !== '') {
      if (sourceAllowed) admittedTokens.add(bearer);
      else if (admittedTokens.has(bearer)) return;
    }
    if (!sourceAllowed && !faults.has('allow-list-open') && readings.has('allow-list-close')) {
      // D25: "a refused connection" is the other documented enforcement.
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    // Reading `blind4-allow-list-gateway-403` (D25, D46): the gateway in front refuses with its own JSON body.
    if (!sourceAllowed && !faults.has('allow-list-open') && blind4GatewayRefusal(readings, reply)) return;
    if (!sourceAllowed && !faults.has('allow-list-open')) {
      const forbidden = (r: typeof reply) => sendReferenceProblem(r, request, 'forbidden', `the source address ${remoteAddress} is not on the allow list`);
      // allow-list-session-header-kept: AuthenticatePartner's refusal is written after its action opened the session.
      // allow-list-token-issued-under-403: at the token endpoint the status is set on the answer already written.
      if (deferRefusal(faults, 'allow-list-session-header-kept', request, forbidden) || refuseTokenAfterAction(faults, request, tokenPath, referenceOnlyErrors.forbidden.status)) return;
      return forbidden(reply);
    }
  });
  // blind10 faults that rewrite an answer on its way out; not installed when none is on.
  installStatusAfterAction(app, faults);
  if (anyBlind10(faults)) app.addHook('onSend', async (request, reply, payload) => blind10Reply(faults, tokenPath, request, reply, payload));
  if (anyBlind11(faults)) app.addHook('onSend', async (request, reply, payload) => blind11Reply(faults, tokenPath, request, reply, payload));
  if (anyBlind12(faults)) app.addHook('onSend', blind12Reply(faults, tokenPath));
  if (options.captureTraffic)
    app.addHook('onSend', async (request, reply, payload) => {
      stats.traffic.push({
        requestHeaders: { ...request.headers }, requestBody: request.body, query: request.query,
        responseHeaders: { ...reply.getHeaders() }, responseBody: typeof payload === 'string' ? payload : String(payload ?? ''),
      });
      return payload;
    });
  const latencyMs = options.latencyMs ?? 0;
  if (latencyMs > 0) app.addHook('onSend', async (_request, _reply, payload) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    return payload;
  });
  // Readings `blind3-missing-content-type-json`, `blind3-page-size-lenient-int`: the request as they read it, before the guards.
  installBlind3Early(app, readings);
  registerApiGuards(app, clients, signer);
  // Readings of reference/readings-blind3.ts on the answer (406, body rewrites, headers, ETag, chunked), before blind2's gzip.
  installBlind3Late(app, readings, tokenPath);
  // Readings of reference/readings-blind4.ts: warm-up, cold start, slow token endpoint, rate limit, charset, write order, answer rewrites and headers.
  installBlind4(app, readings, tokenPath);
  // Readings of reference/readings-blind5.ts: early hints, headers, body rewrites, error connections; binders before the operations.
  installBlind5(app, readings, tokenPath);
  installBlind5Inputs(app, readings);
  // blind13 faults in hooks after the guards (token endpoint, version binding, answers on their way out).
  installBlind13Hooks(app, faults, tokenPath);
  // blind14 faults in hooks after the guards (token endpoint, version binding, answers on their way out).
  installBlind14Hooks(app, faults, tokenPath);
  // blind15 faults in hooks after the guards (token endpoint, version binding).
  installBlind15Hooks(app, faults, tokenPath);
  // blind16 faults in hooks after the guards (token endpoint, version binding).
  installBlind16Hooks(app, faults, tokenPath);
  // blind17 faults in hooks after the guards (token endpoint, version binding, the allow list's status).
  installBlind17Hooks(app, faults, tokenPath);
  // blind18 faults in hooks after the guards (token endpoint, AuthenticatePartner's header, a raw header read).
  installBlind18Hooks(app, faults, tokenPath, signer);
  // blind19 faults in hooks after the guards (token endpoint, a revoked token, AuthenticatePartner's header).
  installBlind19Hooks(app, faults, tokenPath, signer, clients.secrets);
  // blind20 faults in hooks after the guards (token endpoint, AuthenticatePartner's denial, 401s, an empty card list).
  installBlind20Hooks(app, faults, tokenPath);
  // Readings `blind2-gzip`, `blind2-connection-close`: the last root onSend hooks, so they see the answer as sent.
  installTransportReadings(app, readings);
  await app.register(tokenEndpoint, { clients, signer, lifetimeSeconds });
  await app.register(partnerOperations, { faults, readings });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `https://${urlHost(host)}:${port}`;
  return {
    baseUrl,
    authUrl: `${baseUrl}${tokenPath}`,
    clientId: testClientId,
    clientSecret: clients.secrets.get(testClientId)!,
    caPem: tls.caPem,
    caFile: tls.caFile,
    scopeBase: clients.scopeBase,
    deniedClientId,
    deniedClientSecret: clients.secrets.get(deniedClientId)!,
    stats,
    ...(chaos ? { chaosInjected: chaos.injected } : {}),
    close: () => app.close(),
  };
}
