import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { sessionHeaders } from '../../../contract/index.js';
import type { TokenSigner } from '../../jwt.js';
import { requestPath, sendErrorRow } from '../../problems.js';
import { payloadObject } from '../reply-payload.js';
import type { FaultSet } from '../types.js';
import { bodyCredentialTokens } from './access.js';
import { anyBlind18 } from './memo.js';

/**
 * The blind18 faults in server-wide hooks: the token endpoint (a local clock, a grant error, the
 * form-credentials path's DTO and lifetime), AuthenticatePartner's cached header, and the history
 * route's raw header read. Installed only when a blind18 fault is on; each is guarded by its fault.
 * @see reference/faults/blind18/index.ts
 */

type Form = Record<string, unknown>;

export function installBlind18Hooks(app: FastifyInstance, faults: FaultSet, tokenPath: string, signer: TokenSigner): void {
  if (!anyBlind18(faults)) return;
  /** AuthenticatePartner's headers cached per client and device (blind18-auth-reauth-session-header-doubled). */
  const deviceSessions = new Map<string, string>();
  app.addHook('onRequest', async (request, reply) => {
    // The history route reads deviceId from the raw header list with an ordinal comparison.
    if (!faults.has('blind18-session-device-header-name-case-sensitive-on-history') || !requestPath(request).endsWith('/partners/get-transaction-history')) return undefined;
    const names = request.raw.rawHeaders.filter((_, i) => i % 2 === 0);
    if (names.some((n) => n.toLowerCase() === 'deviceid') && !names.includes(sessionHeaders.deviceId))
      return sendErrorRow(reply, request, 'UNAUTHORIZED', 'The deviceId header is required.');
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = requestPath(request);
    if (path.endsWith('/partners/authenticate') && reply.statusCode === 200 && faults.has('blind18-auth-reauth-session-header-doubled')) {
      const key = `${request.clientId ?? ''}|${String((request.body as Form | null)?.deviceId ?? '')}`;
      const current = reply.getHeader(sessionHeaders.sessionId);
      const previous = deviceSessions.get(key);
      // The new id appended to the headers cached for the device.
      if (typeof current === 'string' && previous !== undefined && previous !== current) reply.header(sessionHeaders.sessionId, [previous, current]);
      else if (typeof current === 'string') deviceSessions.set(key, current);
      return payload;
    }
    if (path !== tokenPath) return payload;
    const body = payloadObject(payload);
    if (!body) return payload;
    const inBody = typeof ((request.body ?? {}) as Form).client_id === 'string';
    const token = typeof body.access_token === 'string' ? body.access_token : undefined;
    if (reply.statusCode === 200 && token !== undefined) {
      if (inBody && faults.has('blind18-auth-denial-skipped-for-body-credential-token')) bodyCredentialTokens.add(token);
      // DateTime.Now, two hours behind UTC, written as UTC.
      if (faults.has('blind18-token-exp-local-clock-behind-utc')) {
        const claims = decodeJwt(token);
        return JSON.stringify({ ...body, access_token: await signer.issue(String(claims.sub ?? ''), String(claims.scope ?? ''), -7200) });
      }
      if (inBody && faults.has('blind18-token-type-missing-body-credentials')) {
        const { token_type: _type, ...rest } = body;
        return JSON.stringify(rest);
      }
      if (inBody && faults.has('blind18-token-body-credentials-lifetime-day')) return JSON.stringify({ ...body, expires_in: 86400 });
    }
    // The grant validator's exception for a wrong secret.
    if (reply.statusCode === 401 && body.error === 'invalid_client' && faults.has('blind18-token-bad-secret-invalid-grant')) {
      reply.code(400).removeHeader('www-authenticate');
      return JSON.stringify({ error: 'invalid_grant', error_description: 'The client credentials are invalid.' });
    }
    return payload;
  });
}
