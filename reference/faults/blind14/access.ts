import type { FastifyRequest } from 'fastify';
import type { Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';

/**
 * The blind14 faults of the guards: bearer token, session filter, allow list, token endpoint.
 * Each predicate is false unless its fault is on.
 * @see reference/faults/blind14/index.ts
 */

const pathOf = (url: string): string => url.split('?')[0]!;

/** blind14-bearer-expiry-unchecked-on-enroll: EnrollCustomer's token filter has lifetime validation off. */
export const blind14IgnoresExpiry = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind14-bearer-expiry-unchecked-on-enroll') && pathOf(request.url).endsWith('/partners/enroll-customer');

/** blind14-bearer-skipped-on-delete: DeleteCard's controller has no [Authorize] attribute. */
export const blind14BearerSkipped = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind14-bearer-skipped-on-delete') && pathOf(request.url).endsWith('/partners/delete-card');

/** blind14-session-skipped-on-delete: DeleteCard is registered outside the session filter. */
export const blind14SessionSkipped = (faults: FaultSet, op: Operation): boolean =>
  faults.has('blind14-session-skipped-on-delete') && op.id === 'DeleteCard';

/** blind14-session-device-unchecked-on-tcard: the tokenized-card filter looks the session up and stops there. */
export const blind14DeviceUnchecked = (faults: FaultSet, url: string): boolean =>
  faults.has('blind14-session-device-unchecked-on-tcard') && pathOf(url).endsWith('/add-or-update-tokenized-card');

/** blind14-session-device-missing-accepted-on-history: the history filter compares the deviceId only when one was sent. */
export const blind14DeviceOptional = (faults: FaultSet, url: string): boolean =>
  faults.has('blind14-session-device-missing-accepted-on-history') && pathOf(url).endsWith('/get-transaction-history');

/** blind14-allow-list-card-exempt: AddOrUpdateCard sits on a router without the allow-list filter. */
export const blind14AllowListSkipped = (faults: FaultSet, path: string): boolean =>
  faults.has('blind14-allow-list-card-exempt') && path.endsWith('/partners/add-or-update-card');

/** blind14-token-body-secret-unchecked: the form-credentials branch finds the client by client_id alone. */
export const blind14BodySecretUnchecked = (faults: FaultSet, fromBody: boolean, stored: string | undefined): boolean =>
  faults.has('blind14-token-body-secret-unchecked') && fromBody && stored !== undefined;
