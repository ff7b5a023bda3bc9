import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import { rewriteBlind5Body } from './bodies.js';

/** Hooks of the round-5 blind readings (reference/readings-blind5.ts) around the operations: 1xx, headers, bodies, connections. */

const api = (request: FastifyRequest) => requestPath(request).startsWith('/api/');
const headerNames = ['blind5-request-id', 'blind5-session-id-echoed', 'blind5-cors-open', 'blind5-idle-close-quiet'];
const bodyNames = ['blind5-json-trailing-newline', 'blind5-token-type-lower', 'blind5-attributes-accepted', 'blind5-delete-answers-card',
  'blind5-auth-partner-session-body', 'blind5-problem-spring-members', 'blind5-problem-extensions-object', 'blind5-legacy-envelope', 'blind5-decline-402'];

/** `blind5-idle-close-quiet`: a kept-alive connection that carries no new request within 400 ms of an answer is ended (FIN). */
function closeIdleConnections(app: FastifyInstance): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    clearTimeout(timers.get(socket));
    res.on('finish', () => timers.set(socket, setTimeout(() => socket.end(), 400).unref()));
  });
}

/** Answer headers of group blind5-a and the quiet idle close of blind5-c. */
function addHeaders(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply): void {
  if (readings.has('blind5-request-id')) {
    const sent = request.headers['x-request-id'];
    reply.header('x-request-id', typeof sent === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(sent) ? sent : randomBytes(16).toString('hex'));
  }
  const sessionId = request.headers.sessionid;
  if (readings.has('blind5-session-id-echoed') && api(request) && reply.statusCode < 300 && typeof sessionId === 'string' && sessionId !== ''
    && !requestPath(request).endsWith('/partners/authenticate')) reply.header('sessionId', sessionId);
  if (readings.has('blind5-cors-open')) reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'sessionId, X-Request-Id');
  // Connection: keep-alive set by the application keeps Node from announcing its Keep-Alive: timeout hint.
  if (readings.has('blind5-idle-close-quiet') && reply.getHeader('connection') === undefined) reply.header('connection', 'keep-alive');
}

/**
 * onRequest (`blind5-early-hints-103`) and one onSend hook: body rewrites, headers, then
 * `blind5-errors-close-chunked`. Installed before the operations and the token endpoint are registered.
 */
export function installBlind5(app: FastifyInstance, readings: SwitchSet, tokenPath: string): void {
  if (readings.has('blind5-idle-close-quiet')) closeIdleConnections(app);
  if (readings.has('blind5-early-hints-103'))
    app.addHook('onRequest', async (request, reply) => {
      if (api(request)) reply.raw.writeEarlyHints({ link: '<https://api.example.test>; rel=preconnect' });
    });
  const rewrite = bodyNames.some((n) => readings.has(n));
  const headers = headerNames.some((n) => readings.has(n));
  const closeErrors = readings.has('blind5-errors-close-chunked');
  if (!rewrite && !headers && !closeErrors) return;
  app.addHook('onSend', async (request, reply, payload) => {
    let out: unknown = payload;
    if (rewrite && typeof out === 'string' && /json/i.test(String(reply.getHeader('content-type') ?? '')))
      out = rewriteBlind5Body(readings, request, reply, requestPath(request), tokenPath, out, STATUS_CODES);
    if (headers) addHeaders(readings, request, reply);
    const bytes = typeof out === 'string' ? Buffer.from(out) : Buffer.isBuffer(out) ? out : undefined;
    if (closeErrors && reply.statusCode >= 400 && bytes && bytes.length > 0 && request.method !== 'HEAD') {
      reply.removeHeader('content-length');
      reply.header('connection', 'close');
      return Readable.from([bytes], { objectMode: false });
    }
    return out;
  });
}
