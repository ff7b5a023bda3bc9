import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseMembers, sessionHeaders, type Operation } from '../../../contract/index.js';
import { sendOk, type OperationContext } from '../../operations/context.js';
import type { PartnerSession, ReferenceState } from '../../state/index.js';
import type { SessionStore } from '../../state/sessions.js';
import type { FaultSet } from '../types.js';

/**
 * The blind16 faults of the guards: the allow list on the query-versioned pipeline, the partner
 * denial, the session AuthenticatePartner hands out, and the card list's session filter. Each
 * predicate is false (each answer undefined) unless its fault is on.
 * @see reference/faults/blind16/index.ts
 */

/** blind16-allow-list-skipped-with-query-version: the older, query-versioned pipeline has no allow-list filter. */
export const blind16AllowListSkipped = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind16-allow-list-skipped-with-query-version') && /[?&]apiVersion=/.test(request.url);

/** Partners marked "checked" by AuthenticatePartner, per instance. */
const checked = new WeakMap<SessionStore, Set<string>>();

/**
 * blind16-auth-denied-admitted-on-retry: the partner is marked checked before its denial is stored, so
 * true (admit) on the denied client's second attempt. Called only where the denial would be answered.
 */
export function blind16DeniedAdmitted(faults: FaultSet, sessions: SessionStore, clientId: string): boolean {
  if (!faults.has('blind16-auth-denied-admitted-on-retry')) return false;
  const seen = checked.get(sessions) ?? new Set<string>();
  checked.set(sessions, seen);
  if (seen.has(clientId)) return true;
  seen.add(clientId);
  return false;
}

/** blind16-auth-session-reused-per-client: the session cached for the client, whatever deviceId is sent; undefined opens one. */
export function blind16ClientSession(faults: FaultSet, sessions: SessionStore, clientId: string): PartnerSession | undefined {
  if (!faults.has('blind16-auth-session-reused-per-client')) return undefined;
  const all = (sessions as unknown as { byId: Map<string, PartnerSession> }).byId;
  return [...all.values()].find((s) => s.clientId === clientId);
}

/**
 * blind16-cards-unknown-session-empty-list: GetRegisteredCards' filter scopes the query by the session it
 * looks up; an unknown sessionId is an empty scope and the list an empty one. Runs before the session check.
 */
export function blind16BeforeSession(ctx: OperationContext, op: Operation, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!ctx.faults.has('blind16-cards-unknown-session-empty-list') || op.id !== 'GetRegisteredCards') return undefined;
  const sessionId = request.headers[sessionHeaders.sessionId.toLowerCase()];
  if (typeof sessionId !== 'string' || sessionId === '' || ctx.state.sessions.get(sessionId)) return undefined;
  return sendOk(reply, { [responseMembers.cards]: [] });
}

/** blind16-tcard-network-check-cached-per-customer: the customer's cached "allowed in the network" answer. */
export const blind16NetworkCheckCached = (faults: FaultSet, state: ReferenceState, customerId: string): boolean =>
  faults.has('blind16-tcard-network-check-cached-per-customer') && state.cards.listValid(customerId).some((card) => card.kind === 'token');
