import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sessionHeaders } from '../../../contract/index.js';
import type { TokenSigner } from '../../jwt.js';
import { requestPath, sendErrorRow } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { anyBlind19 } from './memo.js';

/**
 * The blind19 faults in server-wide hooks: the token endpoint (an unknown client's code, an HTML
 * error page, a lifetime in the wrong unit, a cache keyed on the scope), a token revoked by an error handler,
 * and AuthenticatePartner's header (a cookie on the header-versioned route, a renamed header on
 * re-authentication). Installed only when a blind19 fault is on; each is guarded by its fault.
 * @see reference/faults/blind19/index.ts
 */

type Form = Record<string, unknown>;

const clientOf = (authorization: string | undefined, form: Form): string => {
  if (typeof form.client_id === 'string') return form.client_id;
  const m = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  return m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(':')[0] ?? '' : '';
};

export function installBlind19Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string, signer: TokenSigner, knownClients: ReadonlyMap<string, string>): void {
  if (!anyBlind19(faults)) return;
  /** Access tokens the error handler signed out (blind19-token-revoked-after-partner-refusal). */
  const revoked = new Set<string>();
  /** Devices that opened a session before (blind19-auth-reauth-session-header-renamed). */
  const devices = new Set<string>();
  /** Token answers by scope (blind19-token-cache-keyed-on-scope-only). */
  const scopeCache = new Map<string, string>();
  const bearerOf = (authorization: string | undefined) => /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
  app.addHook('preHandler', async (request, reply) => {
    // The exception filter's SignOutAsync() revoked the token of a request that ended in a business error.
    const token = bearerOf(request.headers.authorization);
    if (faults.has('blind19-token-revoked-after-partner-refusal') && token !== undefined && revoked.has(token) && requestPath(request).includes('/partners/')) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return sendErrorRow(reply, request, 'UNAUTHORIZED', 'The access token was revoked.');
    }
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = requestPath(request);
    if (path.includes('/partners/')) {
      const token = bearerOf(request.headers.authorization);
      if (faults.has('blind19-token-revoked-after-partner-refusal') && token !== undefined && reply.statusCode === 422) revoked.add(token);
      if (path.endsWith('/partners/authenticate') && reply.statusCode === 200) {
        const current = reply.getHeader(sessionHeaders.sessionId);
        // The header-versioned login route writes the session as a cookie.
        if (faults.has('blind19-auth-session-in-cookie-with-header-version') && request.headers.apiversion !== undefined && typeof current === 'string') {
          reply.removeHeader(sessionHeaders.sessionId);
          reply.header('set-cookie', `sessionId=${current}; Path=/; Secure; HttpOnly`);
        }
        // The "refresh" branch for a known device was written with the gateway's header name.
        const device = `${request.clientId ?? ''}|${String((request.body as Form | null)?.deviceId ?? '')}`;
        if (faults.has('blind19-auth-reauth-session-header-renamed') && typeof current === 'string') {
          if (devices.has(device)) { reply.removeHeader(sessionHeaders.sessionId); reply.header('x-session-id', current); }
          devices.add(device);
        }
      }
      return payload;
    }
    if (path !== tokenPath) return payload;
    const body = payloadObject(payload);
    if (!body) return payload;
    const form = (request.body ?? {}) as Form;
    if (reply.statusCode === 200 && typeof body.access_token === 'string') {
      // The lifetime setting is in minutes (60) and is read as seconds.
      if (faults.has('blind19-token-exp-sixty-seconds')) {
        const claims = decodeJwt(body.access_token);
        return JSON.stringify({ ...body, access_token: await signer.issue(String(claims.sub ?? ''), String(claims.scope ?? ''), 60 - 3600) });
      }
      // The issued-token cache is keyed on the scope alone.
      if (faults.has('blind19-token-cache-keyed-on-scope-only')) {
        const scope = String(form.scope ?? '');
        const cached = scopeCache.get(scope);
        if (cached === undefined) scopeCache.set(scope, String(payload));
        else return cached;
      }
      return payload;
    }
    // An unknown client id falls into the "client not allowed this grant" branch.
    if (reply.statusCode === 401 && body.error === 'invalid_client' && faults.has('blind19-token-unknown-client-unauthorized-client-400')
      && !knownClients.has(clientOf(request.headers.authorization, form))) {
      reply.code(400).removeHeader('www-authenticate');
      return JSON.stringify({ error: 'unauthorized_client', error_description: 'The client is not authorized to use this grant.' });
    }
    // A missing scope throws before the OAuth error writer: the web server's HTML error page.
    if (reply.statusCode === 400 && faults.has('blind19-token-missing-scope-error-text-html') && (typeof form.scope !== 'string' || form.scope === '')) {
      reply.type('text/html; charset=utf-8');
      return '<!DOCTYPE html><html><head><title>400 Bad Request</title></head><body><h1>Bad Request</h1><p>scope is required</p></body></html>';
    }
    return payload;
  });
}
