import type { FastifyInstance } from 'fastify';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { anyBlind15 } from './inputs.js';

/**
 * The blind15 faults that sit in server-wide hooks: version binding of three routes, and the token
 * endpoint (a crash on a missing member, error answers in another shape). Installed only when a
 * blind15 fault is on; each is guarded by its fault.
 * @see reference/faults/blind15/index.ts
 */

/** Routes whose controller reads the version from the query string only, by fault. */
const queryVersionOnly: ReadonlyArray<[string, string]> = [
  ['blind15-version-header-refused-on-enroll', '/partners/enroll-customer'],
  ['blind15-version-header-refused-on-cards', '/partners/get-registered-cards'],
  ['blind15-version-header-refused-on-authenticate', '/partners/authenticate'],
];

export function installBlind15Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind15(faults)) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    for (const [fault, slug] of queryVersionOnly)
      if (faults.has(fault) && path.endsWith(slug) && request.headers.apiversion !== undefined)
        return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    // grant_type.Equals("client_credentials") on a null member.
    if (faults.has('blind15-token-missing-grant-type-500') && requestPath(request) === tokenPath && (form.grant_type === undefined || form.grant_type === ''))
      return reply.code(500).type('application/json').send({ error: 'server_error', error_description: "Object reference not set to an instance of an object. (grant_type)" });
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (requestPath(request) !== tokenPath || reply.statusCode < 400) return payload;
    const body = payloadObject(payload);
    if (!body || typeof body.error !== 'string') return payload;
    // return BadRequest("invalid_scope"): a string result, written as text.
    if (faults.has('blind15-token-invalid-scope-text-plain') && body.error === 'invalid_scope') {
      reply.type('text/plain; charset=utf-8');
      return 'invalid_scope';
    }
    // The form-credentials branch writes its error from an enum name.
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (faults.has('blind15-token-error-code-upper-body-credentials') && typeof form.client_id === 'string' && request.headers.authorization === undefined)
      return JSON.stringify({ ...body, error: body.error.toUpperCase() });
    return payload;
  });
}
