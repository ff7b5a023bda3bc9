import type { FastifyRequest } from 'fastify';
import { versionParameter } from '../../contract/index.js';
import type { FaultSet } from './types.js';

/**
 * Faults whose write is answered as served with apiVersion given one documented way but has no
 * effect (classes20a: the harness judged the answer of a write sent either way, never its effect).
 * With none on, every function answers false.
 */

/** The request selects the version by a header whose name is not spelt exactly "apiVersion". */
const headerRespelt = (request: FastifyRequest): boolean =>
  request.raw.rawHeaders.some((name, i) => i % 2 === 0 && name.toLowerCase() === versionParameter.toLowerCase() && name !== versionParameter);

/** version-header-respelt-tcard-update-not-stored: the legacy handler answers the tokenized card's update but never writes it. */
export function updateNotStoredForVersion(faults: FaultSet, request: FastifyRequest, kind: 'number' | 'token'): boolean {
  return kind === 'token' && faults.has('version-header-respelt-tcard-update-not-stored') && headerRespelt(request);
}
