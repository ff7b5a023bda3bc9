import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenContract } from '../../../contract/index.js';
import { requestPath, sendReferenceProblem } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { anyBlind16 } from './inputs.js';

/**
 * The blind16 faults that sit in server-wide hooks: version binding of two routes and of the GET
 * routes' URL rewrite, and the token endpoint (a status mapping, a scope table of one branch, a
 * token cache). Installed only when a blind16 fault is on; each is guarded by its fault.
 * @see reference/faults/blind16/index.ts
 */

type Form = Record<string, unknown>;

const queryVersion = (request: FastifyRequest): boolean => /[?&]apiVersion=/.test(request.url);

/** The client a token request authenticates as: the Basic user, or the form's client_id. */
function clientOf(request: FastifyRequest): string {
  const basic = /^basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) return Buffer.from(basic.trim(), 'base64').toString('utf8').split(':')[0] ?? '';
  return String(((request.body ?? {}) as Form).client_id ?? '');
}

export function installBlind16Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind16(faults)) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = requestPath(request);
    // The login route binds its body only: the version parameter is an unknown member of its query.
    if (faults.has('blind16-version-query-refused-on-authenticate') && path.endsWith('/partners/authenticate') && queryVersion(request))
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown query parameter apiVersion');
    // The tokenized-card route reads the version from the query string only.
    if (faults.has('blind16-version-header-refused-on-tcard') && path.endsWith('/partners/add-or-update-tokenized-card') && request.headers.apiversion !== undefined)
      return sendReferenceProblem(reply, request, 'badApiVersion', 'unknown header apiVersion');
    // The GET routes' version middleware rewrites the URL cut at the apiVersion parameter.
    if (faults.has('blind16-version-query-drops-later-parameters') && request.method === 'GET' && path.startsWith('/api/') && queryVersion(request)) {
      const names = [...new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)).keys()];
      const query = (request.query ?? {}) as Form;
      for (const name of names.slice(names.indexOf('apiVersion') + 1)) delete query[name];
    }
    return undefined;
  });
  app.addHook('preHandler', async (request, reply) => {
    if (requestPath(request) !== tokenPath || !faults.has('blind16-token-deposit-scope-refused-body-credentials')) return undefined;
    const form = (request.body ?? {}) as Form;
    // The form-credentials branch's scope table lists the check cashing scopes only.
    if (request.headers.authorization === undefined && typeof form.client_id === 'string' && typeof form.scope === 'string' && form.scope.includes('/auth/deposit-underwriting'))
      return reply.code(400).header('cache-control', 'no-store').type('application/json').send({ error: 'invalid_scope', error_description: `unknown scope ${form.scope}` });
    return undefined;
  });
  /** blind16-token-cached-per-client-expires-in-remaining: issued tokens by client and scope. */
  const issued = new Map<string, { body: Form; at: number }>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (requestPath(request) !== tokenPath) return payload;
    const body = payloadObject(payload);
    if (!body) return payload;
    // One status table for the endpoint's errors: invalid_scope filed with invalid_client.
    if (faults.has('blind16-token-invalid-scope-401') && reply.statusCode === 400 && body.error === 'invalid_scope') reply.code(401);
    if (!faults.has('blind16-token-cached-per-client-expires-in-remaining') || reply.statusCode !== 200 || typeof body.access_token !== 'string') return payload;
    const key = `${clientOf(request)}|${String(((request.body ?? {}) as Form).scope ?? '')}`;
    const cached = issued.get(key);
    const elapsed = cached ? Math.floor((Date.now() - cached.at) / 1000) : 0;
    if (cached && elapsed < tokenContract.expiresIn) return JSON.stringify({ ...cached.body, expires_in: tokenContract.expiresIn - elapsed });
    issued.set(key, { body, at: Date.now() });
    return payload;
  });
}
