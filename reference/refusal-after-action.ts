import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operation } from '../contract/index.js';
import { requestPath } from './problems.js';
import type { FaultSet } from './faults/types.js';

/**
 * Faults `allow-list-session-header-kept` and `bearer-expired-session-header-kept`: the refusal of an
 * AuthenticatePartner call is written by an exception filter that runs after the action, so the session
 * is opened and its sessionId header set before the refusal's Problem replaces the body. The guard
 * defers its refusal here; the AuthenticatePartner handler sends it once the header is written.
 */
const pending = new WeakMap<FastifyRequest, (reply: FastifyReply) => FastifyReply>();
const authenticatePath = operation('AuthenticatePartner').path;

/** True (let the request through to its handler) when `fault` defers this AuthenticatePartner refusal. */
export function deferRefusal(faults: FaultSet, fault: string, request: FastifyRequest, send: (reply: FastifyReply) => FastifyReply): boolean {
  if (!faults.has(fault) || !requestPath(request).endsWith(authenticatePath.replace(/^.*\/partners\//, '/partners/'))) return false;
  pending.set(request, send);
  return true;
}

/** The refusal a guard deferred for this request, if any. */
export const deferredRefusal = (request: FastifyRequest): ((reply: FastifyReply) => FastifyReply) | undefined => pending.get(request);

/**
 * Fault `allow-list-token-issued-under-403`: at the token endpoint the allow list is a result filter
 * that sets 403 on the answer the endpoint already wrote, so an off-list token request gets its token
 * under a 403. The guard marks the request; the onSend hook sets the status.
 */
const statusAfter = new WeakMap<FastifyRequest, number>();

export function refuseTokenAfterAction(faults: FaultSet, request: FastifyRequest, tokenPath: string, status: number): boolean {
  if (!faults.has('allow-list-token-issued-under-403') || requestPath(request) !== tokenPath) return false;
  statusAfter.set(request, status);
  return true;
}

export function installStatusAfterAction(app: FastifyInstance, faults: FaultSet): void {
  if (!faults.has('allow-list-token-issued-under-403')) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const status = statusAfter.get(request);
    if (status !== undefined) reply.code(status);
    return payload;
  });
}
