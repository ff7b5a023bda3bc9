import type { FastifyReply, FastifyRequest } from 'fastify';
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
