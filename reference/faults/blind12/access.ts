import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders, type Operation } from '../../../contract/index.js';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import type { FaultSet } from '../types.js';

/**
 * The blind12 access faults: a token lifetime left to the session, an allow list at the login
 * routes only, a route that binds its query string only, a header binding's plain-text refusal.
 * @see reference/faults/blind12/index.ts
 */

/** blind12-bearer-expiry-trusted-to-session: a call that names a session is taken as authenticated by it. */
export const blind12IgnoresExpiry = (faults: FaultSet, request: FastifyRequest): boolean =>
  faults.has('blind12-bearer-expiry-trusted-to-session') && typeof request.headers.sessionid === 'string' && request.headers.sessionid !== '';

/** blind12-allow-list-checked-at-login-only: the filter is registered on the token and login routes. */
export const blind12AllowListSkipped = (faults: FaultSet, path: string, tokenPath: string): boolean =>
  faults.has('blind12-allow-list-checked-at-login-only') && !path.startsWith(tokenPath) && !path.endsWith('/partners/authenticate');

/** blind12-version-header-refused-on-history: the history route reads the version from its query string only. */
export function blind12VersionRefused(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!request.server.faults.has('blind12-version-header-refused-on-history') || request.headers.apiversion === undefined) return undefined;
  if (!requestPath(request).endsWith('/get-transaction-history')) return undefined;
  return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
}

/** blind12-session-device-header-missing-plain-400: `[FromHeader, Required] string deviceId`, refused by the framework in text. */
export function blind12SessionHeaderRefused(faults: FaultSet, op: Operation, request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!faults.has('blind12-session-device-header-missing-plain-400') || !op.sessionRequired) return undefined;
  if (request.headers[sessionHeaders.deviceId.toLowerCase()] !== undefined) return undefined;
  return reply.code(400).type('text/plain; charset=utf-8').send(`Required header '${sessionHeaders.deviceId}' is missing.`);
}
