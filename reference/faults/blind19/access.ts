import type { FastifyRequest } from 'fastify';
import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind19 faults of the guards: a route's token lifetime, the allow list, the session filter,
 * the partner denial. Each predicate is false unless its fault is on.
 * @see reference/faults/blind19/index.ts
 */

const pathOf = (url: string): string => url.split('?')[0]!;

/** blind19-bearer-expiry-unchecked-on-card: AddOrUpdateCard's token filter has lifetime validation off. */
export const blind19IgnoresExpiry = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind19-bearer-expiry-unchecked-on-card') && pathOf(request.url).endsWith('/partners/add-or-update-card');

/** blind19-allow-list-cattr-exempt: AddCustomerAttributes sits on the ancillary router, which has no allow-list filter. */
export const blind19AllowListSkipped = (faults: FaultSet, path: string): boolean =>
  faults.has('blind19-allow-list-cattr-exempt') && path.endsWith('/partners/add-customer-attributes');

/** blind19-session-skipped-on-find: FindCustomer is registered outside the session filter. */
export const blind19SessionSkipped = (faults: FaultSet, op: Operation): boolean =>
  faults.has('blind19-session-skipped-on-find') && op.id === 'FindCustomer';

/** blind19-auth-denied-admitted-with-header-version: the header-versioned route has no partner-denial check. */
export const blind19DeniedAdmitted = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind19-auth-denied-admitted-with-header-version') && request.headers.apiversion !== undefined;
