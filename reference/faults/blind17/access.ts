import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders, type Operation } from '../../../contract/index.js';
import { requestPath } from '../../problems.js';
import type { OperationContext } from '../../operations/context.js';
import type { FaultSet } from '../types.js';

/**
 * The blind17 faults of the guards: the allow list as an after-the-action filter, a session opened
 * before the partner denial, a deviceId stored normalised, the OBO filter's session read, and one
 * route's token lifetime. Each predicate is false (each hook a no-op) unless its fault is on.
 * @see reference/faults/blind17/index.ts
 */

/** Requests from an address off the list that the after-the-action filter answers 403 (replies.ts sets the status). */
export const refusedAfterAction = new WeakSet<FastifyRequest>();

/**
 * blind17-allow-list-status-only-after-handler: the allow list is a result filter, so the request from
 * an address off the list goes on to its handler; true (let it through) and the request is marked.
 */
export function blind17AllowListAfterAction(faults: FaultSet, request: FastifyRequest): boolean {
  if (!faults.has('blind17-allow-list-status-only-after-handler')) return false;
  refusedAfterAction.add(request);
  return true;
}

/**
 * blind17-auth-denied-session-still-opened: the session is opened, and its header written, before the
 * partner check; the denial that follows leaves both. Called where the denial is about to be answered.
 */
export function blind17SessionBeforeDenial(ctx: OperationContext, request: FastifyRequest, reply: FastifyReply): void {
  if (!ctx.faults.has('blind17-auth-denied-session-still-opened')) return;
  const deviceId = (request.body as { deviceId?: unknown } | null)?.deviceId;
  if (typeof deviceId !== 'string' || deviceId === '') return;
  const session = ctx.state.sessions.open(deviceId, request.clientId ?? '');
  reply.header(sessionHeaders.sessionId, session.sessionId);
}

/** blind17-auth-device-id-stored-lowercased: the deviceId as the session row stores it. */
export const blind17StoredDeviceId = (faults: FaultSet, deviceId: string): string =>
  (faults.has('blind17-auth-device-id-stored-lowercased') ? deviceId.toLowerCase() : deviceId);

/**
 * blind17-session-unknown-obo-500: the OBO route's filter reads the customer context of the session it
 * looked up before checking there is one. Runs before the session check; throws (a 500) or returns.
 */
export function blind17BeforeSession(ctx: OperationContext, op: Operation, request: FastifyRequest): void {
  if (!ctx.faults.has('blind17-session-unknown-obo-500') || op.id !== 'AuthenticateOBO') return;
  const sessionId = request.headers[sessionHeaders.sessionId.toLowerCase()];
  if (typeof sessionId === 'string' && sessionId !== '' && !ctx.state.sessions.get(sessionId))
    throw new TypeError("Cannot read properties of null (reading 'customerContext')");
}

/** blind17-bearer-expiry-unchecked-on-sattr: the session-attributes route's token filter has lifetime validation off. */
export const blind17IgnoresExpiry = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind17-bearer-expiry-unchecked-on-sattr') && requestPath(request).endsWith('/partners/add-session-attributes');
