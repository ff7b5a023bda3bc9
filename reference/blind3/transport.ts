import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations } from '../../contract/index.js';
import { requestPath, sendProblem } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import { anyBodyReading, rewriteBody } from './bodies.js';

/** Hooks of the round-3 blind readings (reference/readings-blind3.ts): the HTTP layer around the operations. */

const api = (request: FastifyRequest) => requestPath(request).startsWith('/api/');

/**
 * onRequest, before the API guards: `blind3-missing-content-type-json` (a POST body without a
 * Content-Type is JSON) and `blind3-page-size-lenient-int` ("+5", "05" are 5).
 */
export function installBlind3Early(app: FastifyInstance, readings: SwitchSet): void {
  if (readings.has('blind3-missing-content-type-json'))
    app.addHook('onRequest', async (request) => {
      const h = request.raw.headers;
      const hasBody = Number(h['content-length'] ?? 0) > 0 || h['transfer-encoding'] !== undefined;
      if (request.method === 'POST' && api(request) && h['content-type'] === undefined && hasBody) h['content-type'] = 'application/json';
    });
  if (readings.has('blind3-page-size-lenient-int'))
    app.addHook('onRequest', async (request) => {
      const q = request.query as Record<string, unknown> | undefined;
      const m = typeof q?.pageSize === 'string' ? /^\+?0*([0-9]{1,9})$/.exec(q.pageSize) : null;
      if (q && m) q.pageSize = String(Number(m[1]));
    });
}

/** True when the Accept header admits a JSON answer (absent, a wildcard, application/json, problem+json or any +json). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
    return ['*/*', 'application/*', 'application/json', 'application/problem+json'].includes(range) || range.endsWith('+json');
  });
}

/** Reading `blind3-rate-limit-headers`: the calls of the current minute. */
const window = { minute: 0, used: 0 };

/** Answer headers of the readings of group blind3-a; `tokenPath` answers get them too. */
function addHeaders(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply): void {
  if (readings.has('blind3-cache-headers-spring'))
    reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate').header('pragma', 'no-cache').header('expires', '0');
  if (readings.has('blind3-security-headers'))
    reply.header('strict-transport-security', 'max-age=31536000 ; includeSubDomains').header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY').header('x-xss-protection', '0').header('referrer-policy', 'no-referrer');
  if (readings.has('blind3-server-banner')) reply.header('server', 'Kestrel').header('x-powered-by', 'ASP.NET');
  if (readings.has('blind3-rate-limit-headers') && api(request)) {
    const minute = Math.floor(Date.now() / 60_000);
    if (window.minute !== minute) Object.assign(window, { minute, used: 0 });
    window.used += 1;
    reply.header('x-ratelimit-limit', '6000').header('x-ratelimit-remaining', String(Math.max(0, 6000 - window.used)))
      .header('x-ratelimit-reset', String((minute + 1) * 60 - Math.floor(Date.now() / 1000)));
  }
  if (readings.has('blind3-affinity-cookie')) {
    const affinity = createHash('sha256').update('reference-instance-0').digest('hex');
    reply.header('set-cookie', [`ARRAffinity=${affinity};Path=/;HttpOnly;Secure;Domain=${request.hostname}`,
      `ARRAffinitySameSite=${affinity};Path=/;HttpOnly;SameSite=None;Secure;Domain=${request.hostname}`]);
  }
  const type = String(reply.getHeader('content-type') ?? '');
  const bare = /^(application\/(?:problem\+)?json)\s*;/i.exec(type);
  if (readings.has('blind3-media-types-bare') && bare) reply.header('content-type', bare[1]!);
  if (readings.has('blind3-done-202') && reply.statusCode === 200 && /\/(delete-card|add-customer-attributes|add-session-attributes)$/.test(requestPath(request))) reply.code(202);
  const challenge = reply.getHeader('www-authenticate');
  if (readings.has('blind3-bearer-error-description') && reply.statusCode === 401 && challenge === 'Bearer error="invalid_token"')
    reply.header('www-authenticate', 'Bearer error="invalid_token", error_description="The token is expired or its signature is invalid"');
}

/**
 * onRequest after the API guards (`blind3-not-acceptable-406`) and one onSend hook that applies,
 * in this order, the body rewrites, the answer headers, the ETag and the chunked body.
 * Installed before the operations and the token endpoint are registered.
 */
export function installBlind3Late(app: FastifyInstance, readings: SwitchSet, tokenPath: string): void {
  if (readings.has('blind3-not-acceptable-406'))
    app.addHook('onRequest', async (request, reply) => {
      if (!api(request) || acceptsJson(request.headers.accept)) return undefined;
      return sendProblem(reply, request, {
        status: 406, errorCode: 'NOT_ACCEPTABLE', title: 'Not Acceptable', typeUrl: 'https://tools.ietf.org/html/rfc7231#section-6.5.6',
        detail: `no representation of this resource is acceptable to ${request.headers.accept}; the service writes application/json`,
      });
    });
  const rewrite = anyBodyReading(readings);
  const etag = readings.has('blind3-etag-get');
  const chunked = readings.has('blind3-chunked');
  const headers = ['blind3-cache-headers-spring', 'blind3-security-headers', 'blind3-server-banner', 'blind3-rate-limit-headers', 'blind3-affinity-cookie',
    'blind3-media-types-bare', 'blind3-done-202', 'blind3-bearer-error-description'].some((n) => readings.has(n));
  if (!rewrite && !etag && !chunked && !headers) return;
  app.addHook('onSend', async (request, reply, payload) => {
    let out: unknown = payload;
    if (rewrite && typeof out === 'string' && /json/i.test(String(reply.getHeader('content-type') ?? '')))
      out = rewriteBody(readings, request, reply, requestPath(request), tokenPath, out);
    addHeaders(readings, request, reply);
    const bytes = typeof out === 'string' ? Buffer.from(out) : Buffer.isBuffer(out) ? out : undefined;
    if (etag && bytes && request.method === 'GET' && reply.statusCode === 200 && api(request)) {
      const tag = `"0${createHash('md5').update(bytes).digest('hex')}"`;
      reply.header('etag', tag);
      const wanted = String(request.headers['if-none-match'] ?? '').split(',').map((s) => s.trim().replace(/^W\//, ''));
      if (wanted.includes(tag)) {
        reply.code(304).removeHeader('content-type');
        return null;
      }
    }
    if (chunked && bytes && bytes.length > 0 && request.method !== 'HEAD' && reply.statusCode !== 204 && reply.statusCode !== 304)
      return Readable.from([bytes], { objectMode: false });
    return out;
  });
}

/**
 * In the not-found handler: `blind3-options-allow` (OPTIONS on an operation path is 200 with Allow)
 * and `blind3-no-head` (HEAD on a GET operation is 405 with Allow: GET). True when it answered.
 */
export function blind3NotFound(request: FastifyRequest, reply: FastifyReply): boolean {
  const readings = request.server.readings;
  const op = operations.find((o) => o.path === requestPath(request));
  if (!op || !readings) return false;
  if (request.method === 'OPTIONS' && readings.has('blind3-options-allow')) {
    reply.code(200).header('allow', op.method === 'GET' ? (readings.has('blind3-no-head') ? 'GET, OPTIONS' : 'GET, HEAD, OPTIONS') : `${op.method}, OPTIONS`).send();
    return true;
  }
  if (request.method === 'HEAD' && op.method === 'GET' && readings.has('blind3-no-head')) {
    reply.header('allow', 'GET');
    sendProblem(reply, request, { status: 405, errorCode: 'METHOD_NOT_ALLOWED', title: 'Method Not Allowed', detail: `HEAD is not allowed on ${op.path}; use GET.` });
    return true;
  }
  return false;
}
