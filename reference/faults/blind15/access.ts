import type { FastifyRequest } from 'fastify';
import type { SessionStore } from '../../state/sessions.js';
import type { PartnerSession } from '../../state/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind15 faults of the guards: bearer lifetime, session device check, partner denial.
 * Each predicate is false unless its fault is on.
 * @see reference/faults/blind15/index.ts
 */

const pathOf = (url: string): string => url.split('?')[0]!;

/** blind15-bearer-expiry-unchecked-on-obo / -on-cattr: the route's token filter has lifetime validation off. */
export const blind15IgnoresExpiry = (faults: FaultSet, request: FastifyRequest): boolean =>
  (faults.has('blind15-bearer-expiry-unchecked-on-obo') && pathOf(request.url).endsWith('/partners/authenticate-obo'))
  || (faults.has('blind15-bearer-expiry-unchecked-on-cattr') && pathOf(request.url).endsWith('/partners/add-customer-attributes'));

/** blind15-session-device-unchecked-on-card / -on-delete: the route's filter looks the session up and stops there. */
export const blind15DeviceUnchecked = (faults: FaultSet, url: string): boolean =>
  (faults.has('blind15-session-device-unchecked-on-card') && pathOf(url).endsWith('/add-or-update-card'))
  || (faults.has('blind15-session-device-unchecked-on-delete') && pathOf(url).endsWith('/delete-card'));

/** blind15-auth-denied-client-admitted-for-known-device: a deviceId that opened a session before is trusted, whoever sends it. */
export function blind15TrustedDevice(faults: FaultSet, sessions: SessionStore, body: unknown): boolean {
  if (!faults.has('blind15-auth-denied-client-admitted-for-known-device')) return false;
  const deviceId = (body as { deviceId?: unknown } | null)?.deviceId;
  const all = (sessions as unknown as { byId: Map<string, PartnerSession> }).byId;
  return typeof deviceId === 'string' && deviceId !== '' && [...all.values()].some((s) => s.deviceId === deviceId);
}
