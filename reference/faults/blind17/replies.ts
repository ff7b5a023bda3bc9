import type { FastifyInstance } from 'fastify';
import { tokenContract } from '../../../contract/index.js';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { refusedAfterAction } from './access.js';
import { anyBlind17 } from './inputs.js';

/**
 * The blind17 faults that sit in server-wide hooks: the token endpoint (a Basic header pattern, the
 * unsupported grant's exception, an error description's quotes), AddOrUpdateCard's version binding,
 * and the status the after-the-action allow-list filter writes. Installed only when a blind17 fault
 * is on; each is guarded by its fault.
 * @see reference/faults/blind17/index.ts
 */

type Form = Record<string, unknown>;

export function installBlind17Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind17(faults)) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    // The card route reads the version from the query string only.
    if (faults.has('blind17-version-header-refused-on-card') && path.endsWith('/partners/add-or-update-card') && request.headers.apiversion !== undefined)
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
    // ^Basic [A-Za-z0-9+/]+$ checked before decoding: no padding character in the class.
    const basic = /^basic +(.*)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (faults.has('blind17-token-basic-padding-refused') && path === tokenPath && basic !== undefined && !/^[A-Za-z0-9+/]+$/.test(basic.trim()))
      return reply.code(401).header('www-authenticate', 'Basic realm="token"').header('cache-control', 'no-store').type('application/json')
        .send({ error: 'invalid_client', error_description: 'client authentication failed' });
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (requestPath(request) !== tokenPath || !faults.has('blind17-token-unsupported-grant-problem-details')) return undefined;
    const grant = ((request.body ?? {}) as Form).grant_type;
    // UnsupportedGrantTypeException, written by the API's global exception handler.
    if (typeof grant === 'string' && grant !== '' && grant !== tokenContract.grantType)
      return reply.code(400).type('application/problem+json').send(JSON.stringify({
        type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1', title: 'Bad Request', status: 400,
        detail: `The grant type ${grant} is not supported.`, instance: tokenPath, errorCode: 'UNSUPPORTED_GRANT_TYPE',
      }));
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The allow-list result filter sets the status after the action; the action's body stays.
    if (refusedAfterAction.has(request)) reply.code(403);
    if (requestPath(request) !== tokenPath || !faults.has('blind17-token-error-description-quoted-scope')) return payload;
    const body = payloadObject(payload);
    if (!body || body.error !== 'invalid_scope') return payload;
    const scope = String(((request.body ?? {}) as Form).scope ?? '');
    return JSON.stringify({ ...body, error_description: `The scope "${scope}" is not registered.` });
  });
}
