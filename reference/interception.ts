import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InterceptedCall, ObservedExchange, PlannedAnswer } from '../contract/observed-exchange.js';
import { requestPath } from './problems.js';

export type { InterceptedCall, ObservedExchange, PlannedAnswer } from '../contract/observed-exchange.js';

/**
 * Two generic hooks for a sandbox built on the reference (certification/ drives them): an
 * interceptor that may answer a call in place of the reference, and an observer told of every
 * exchange. The reference knows no scenario: what to answer, and when, is the caller's.
 */

export type Interceptor = (call: InterceptedCall) => PlannedAnswer | undefined;

export type Observer = (exchange: ObservedExchange) => void;

interface Pending { seq: number; at: number; tls: string; payload?: string; planned?: PlannedAnswer['kind']; reported?: boolean }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function callOf(request: FastifyRequest, p: Pending): InterceptedCall {
  return {
    seq: p.seq, method: request.method, path: requestPath(request),
    query: { ...(request.query as Record<string, unknown> | undefined) }, headers: { ...request.headers }, body: request.body,
  };
}

/** Registers the hooks on the root instance, before the routes, so every route inherits them. */
export function installInterception(app: FastifyInstance, interceptor?: Interceptor, observer?: Observer): void {
  if (!interceptor && !observer) return;
  const pending = new WeakMap<FastifyRequest, Pending>();
  let seq = 0;
  const report = (request: FastifyRequest, outcome: ObservedExchange['outcome'], status?: number, replyHeaders?: Record<string, unknown>) => {
    const p = pending.get(request);
    if (!p || p.reported || !observer) return;
    p.reported = true;
    observer({
      ...callOf(request, p), tlsProtocol: p.tls, receivedAt: p.at, finishedAt: Date.now(), outcome,
      ...(status === undefined ? {} : { status, replyHeaders, replyBody: p.payload ?? '' }),
      ...(p.planned ? { planned: p.planned } : {}),
    });
  };
  app.addHook('onRequest', async (request) => {
    const tls = (request.raw.socket as TLSSocket).getProtocol?.() ?? 'none';
    pending.set(request, { seq: ++seq, at: Date.now(), tls: tls ?? 'none' });
  });
  if (interceptor)
    app.addHook('preHandler', async (request, reply) => {
      const p = pending.get(request)!;
      const answer = interceptor(callOf(request, p));
      if (!answer) return;
      p.planned = answer.kind;
      if (answer.kind === 'delay') return sleep(answer.ms);
      if (answer.kind === 'lose-reply') return;
      if (answer.kind === 'reset') {
        reply.hijack();
        request.raw.socket.destroy();
        report(request, 'reset');
        return;
      }
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.code(answer.status).send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  app.addHook('onSend', async (request, reply, payload) => {
    const p = pending.get(request);
    if (p) p.payload = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    if (p?.planned === 'lose-reply') {
      // The operation ran (its effect stays); the client never learns its answer.
      report(request, 'lost', reply.statusCode, { ...reply.getHeaders() });
      request.raw.socket.destroy();
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => report(request, 'answered', reply.statusCode, { ...reply.getHeaders() }));
  app.addHook('onRequestAbort', async (request) => report(request, 'aborted'));
}
