import type { FastifyInstance } from 'fastify';
import { requestPath } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { anyBlind20, memoryOf, type Json } from './memo.js';

/**
 * The blind20 faults in server-wide hooks: the token endpoint (a missing error member, a
 * form-encoded error, a lifetime from the wrong setting, an error array), AuthenticatePartner's
 * denial (instance, errorCode), 401s of DeleteCard and history, and the empty card list. Installed
 * only when a blind20 fault is on; each is guarded by its fault.
 * @see reference/faults/blind20/index.ts
 */

const refreshLifetimeSeconds = 1_209_600;

export function installBlind20Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string): void {
  if (!anyBlind20(faults)) return;
  const has = (fault: string) => faults.has(fault);
  app.addHook('onSend', async (request, reply, payload) => {
    const path = requestPath(request);
    const body = payloadObject(payload);
    const status = reply.statusCode;
    if (path === tokenPath && body) {
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Json;
      const bodyCredentials = typeof form.client_id === 'string';
      // The body-credentials authenticator writes its own error, without `error`.
      if (has('blind20-token-invalid-client-body-credentials-no-error-member') && status === 401 && body.error === 'invalid_client' && bodyCredentials) {
        const { error: _dropped, ...rest } = body;
        return JSON.stringify({ error_description: 'Client authentication failed.', ...rest });
      }
      // The Basic failure goes through the form-encoding writer.
      if (has('blind20-token-invalid-client-basic-form-encoded-error') && status === 401 && body.error === 'invalid_client' && !bodyCredentials) {
        reply.type('application/x-www-form-urlencoded');
        return new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
      }
      // The body-credentials branch reads the refresh-token lifetime setting.
      if (has('blind20-token-body-credentials-expires-in-refresh-lifetime') && status === 200 && bodyCredentials && typeof body.access_token === 'string')
        return JSON.stringify({ ...body, expires_in: refreshLifetimeSeconds });
      // The scope validator's failures are collected in a list.
      if (has('blind20-token-invalid-scope-errors-array') && body.error === 'invalid_scope') return JSON.stringify([body]);
      return payload;
    }
    if (!path.includes('/partners/')) return payload;
    // AuthenticatePartner's denial: raised by the token-introspection middleware / a gateway policy.
    if (path.endsWith('/partners/authenticate') && status === 200 && typeof (request.body as Json | null)?.deviceId === 'string')
      memoryOf(faults).latestDevice.set(request.clientId ?? '', String((request.body as Json).deviceId));
    if (path.endsWith('/partners/authenticate') && status === 401 && body?.errorCode === 'UNAUTHORIZED') {
      if (has('blind20-auth-denied-instance-token-path')) return JSON.stringify({ ...body, instance: tokenPath });
      if (has('blind20-auth-denied-error-code-header-only')) {
        reply.header('x-error-code', String(body.errorCode));
        const { errorCode: _moved, ...rest } = body;
        return JSON.stringify(rest);
      }
    }
    // DeleteCard's own token filter writes its 401 without the challenge.
    if (has('blind20-bearer-challenge-missing-on-delete') && path.endsWith('/partners/delete-card') && status === 401 && request.headers.authorization === undefined)
      reply.removeHeader('www-authenticate');
    // The history route's session filter ends in the framework's HTML 401 page.
    if (has('blind20-history-unknown-session-html') && path.endsWith('/partners/get-transaction-history') && status === 401 && body?.errorCode === 'UNAUTHORIZED'
      && typeof request.clientId === 'string' && request.clientId !== '') {
      reply.type('text/html; charset=utf-8');
      return '<!DOCTYPE html><html><head><title>401 Unauthorized</title></head><body><h1>Unauthorized</h1><p>Your session has expired. Please sign in again.</p></body></html>';
    }
    // NoContent() for an empty collection.
    if (has('blind20-cards-empty-list-204') && path.endsWith('/partners/get-registered-cards') && status === 200 && Array.isArray(body?.cards) && (body.cards as unknown[]).length === 0) {
      reply.code(204);
      reply.removeHeader('content-type');
      return '';
    }
    return payload;
  });
}
