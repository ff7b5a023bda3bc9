import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPath, sendProblem, sendReferenceProblem } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import { rewriteBlind4Body } from './bodies.js';

/** Hooks of the round-4 blind readings (reference/readings-blind4.ts) around the operations: timing, throttling, headers. */

const api = (request: FastifyRequest) => requestPath(request).startsWith('/api/');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `blind4-json-charset-utf8-only`: the charset parameter of a JSON Content-Type, when it names anything but UTF-8 or US-ASCII. */
function foreignCharset(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*application\/json\s*;/i.test(contentType)) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  return charset !== undefined && !/^(utf-?8|us-ascii)$/i.test(charset) ? charset : undefined;
}

/** The 0-60 ms a write waits under `blind4-writes-unordered`, drawn from its body. */
const writeDelay = (body: unknown): number => (createHash('sha256').update(JSON.stringify(body) ?? '').digest()[0]! % 4) * 20;

/**
 * onRequest and preHandler hooks after the API guards, and one onSend hook (body rewrites, headers,
 * then the trickled body). Installed before the operations and the token endpoint are registered.
 */
export function installBlind4(app: FastifyInstance, readings: SwitchSet, tokenPath: string): void {
  // Reading `blind4-warm-up-503`: the instance's first request meets a load balancer that still drains it.
  let warm = !readings.has('blind4-warm-up-503');
  // Reading `blind4-cold-start`: the first request pays for the start.
  let cold = readings.has('blind4-cold-start');
  // Reading `blind4-rate-limit-429`: a fixed one-second window per source address.
  const windows = new Map<string, { second: number; count: number }>();
  if (readings.has('blind4-warm-up-503') || readings.has('blind4-cold-start') || readings.has('blind4-token-slow') || readings.has('blind4-rate-limit-429') || readings.has('blind4-json-charset-utf8-only'))
    app.addHook('onRequest', async (request, reply) => {
      // The expired-token path is the reference's own seam for the harness, not part of the interface (as for chaos mode).
      if (!warm && !requestPath(request).startsWith(`${tokenPath}/`)) {
        warm = true;
        reply.header('retry-after', '1');
        return sendProblem(reply, request, { status: 503, errorCode: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable', typeUrl: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.6.4', detail: 'The service is starting; retry after the Retry-After delay.' });
      }
      if (cold) {
        cold = false;
        await sleep(2500);
      }
      if (readings.has('blind4-token-slow') && requestPath(request) === tokenPath) await sleep(400);
      if (readings.has('blind4-rate-limit-429') && api(request)) {
        const source = request.socket.remoteAddress ?? '';
        const second = Math.floor(Date.now() / 1000);
        const w = windows.get(source)?.second === second ? windows.get(source)! : { second, count: 0 };
        w.count += 1;
        windows.set(source, w);
        if (w.count > 50) {
          reply.header('retry-after', '1');
          return sendProblem(reply, request, { status: 429, errorCode: 'TOO_MANY_REQUESTS', title: 'Too Many Requests', typeUrl: 'https://www.rfc-editor.org/rfc/rfc6585#section-4', detail: 'More than 50 requests in one second from this address; retry after the Retry-After delay.' });
        }
      }
      const charset = readings.has('blind4-json-charset-utf8-only') && api(request) ? foreignCharset(request.headers['content-type']) : undefined;
      if (charset) return sendReferenceProblem(reply, request, 'unsupportedMediaType', `the JSON body is declared as ${charset}; only UTF-8 is read`);
      return undefined;
    });
  if (readings.has('blind4-writes-unordered'))
    app.addHook('preHandler', async (request) => {
      if (request.method === 'POST' && api(request) && !requestPath(request).endsWith('/partners/authenticate')) await sleep(writeDelay(request.body));
    });
  const headers = readings.has('blind4-correlation-id') || readings.has('blind4-vary-cors');
  const trickle = readings.has('blind4-trickled-body');
  const seenCards = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    let out: unknown = typeof payload === 'string' && /json/i.test(String(reply.getHeader('content-type') ?? '')) ? rewriteBlind4Body(readings, request, reply, requestPath(request), payload, seenCards) : payload;
    if (headers) addHeaders(readings, request, reply);
    const bytes = typeof out === 'string' ? Buffer.from(out) : Buffer.isBuffer(out) ? out : undefined;
    if (trickle && bytes && bytes.length > 0 && request.method !== 'HEAD' && reply.statusCode !== 204 && reply.statusCode !== 304) {
      reply.removeHeader('content-length');
      const third = Math.ceil(bytes.length / 3);
      out = Readable.from((async function* pieces() {
        for (let at = 0; at < bytes.length; at += third) {
          if (at > 0) await sleep(25);
          yield bytes.subarray(at, at + third);
        }
      })(), { objectMode: false });
    }
    return out;
  });
}

/** `blind4-correlation-id`, `blind4-vary-cors`: headers a framework or gateway adds to every answer. */
function addHeaders(readings: SwitchSet, request: FastifyRequest, reply: FastifyReply): void {
  if (readings.has('blind4-correlation-id')) {
    const sent = request.headers['x-correlation-id'] ?? request.headers['x-request-id'];
    reply.header('x-correlation-id', typeof sent === 'string' && sent !== '' ? sent : randomUUID());
  }
  if (readings.has('blind4-vary-cors')) {
    const vary = reply.getHeader('vary');
    const cors = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
    reply.header('vary', vary ? `${String(vary)}, ${cors}` : cors);
  }
}

/** Reading `blind4-allow-list-gateway-403` (D25, D46): the gateway's own refusal, not a Problem. True when it answered. */
export function blind4GatewayRefusal(readings: SwitchSet, reply: FastifyReply): boolean {
  if (!readings.has('blind4-allow-list-gateway-403')) return false;
  reply.code(403).type('application/json').send(JSON.stringify({ message: 'Forbidden' }));
  return true;
}
