import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorRow, operation, referenceOnlyErrors, rfcSections, type Field, sessionHeaders } from '../../contract/index.js';
import { sendErrorRow, sendProblem, sendValidationProblem } from '../problems.js';
import { deniedClientId } from '../state/index.js';
import { validateWithFaults } from './validation.js';
import { sendOk, text, type OperationContext } from './context.js';
import { blind15TrustedDevice } from '../faults/blind15/access.js';
import { blind16ClientSession, blind16DeniedAdmitted } from '../faults/blind16/access.js';
import { blind17SessionBeforeDenial, blind17StoredDeviceId } from '../faults/blind17/access.js';
import { deferredRefusal } from '../refusal-after-action.js';
import { blind18BodyCredentialToken } from '../faults/blind18/access.js';
import { blind4SessionOfDevice } from '../blind4/state.js';
import { blind19DeniedAdmitted } from '../faults/blind19/access.js';

/**
 * D3: the inputs of AuthenticatePartner are not shown, so the contract lists no field and the
 * harness asserts none. The reference's default reading is a JSON body `{deviceId}` of
 * 1-100 characters; this field exists only here because it is the reference's choice.
 */
const deviceIdField: Field = { name: 'deviceId', in: 'body', type: 'string', required: true, minLength: 1, maxLength: 100, decisions: ['D3'] };

/** The deviceId as the session row stores it; auth-device-id-guid-column: cut to a GUID's 36 characters. */
const storedDeviceId = (faults: OperationContext['faults'], deviceId: string): string =>
  blind17StoredDeviceId(faults, faults.has('auth-device-id-guid-column') ? deviceId.slice(0, 36) : deviceId);

/** AuthenticatePartner: opens a session and returns its id in the `sessionId` response header. */
export function authenticatePartner(app: FastifyInstance, ctx: OperationContext): void {
  const documented = operation('AuthenticatePartner');
  const op = { ...documented, fields: [deviceIdField] };
  app.route({
    method: op.method,
    url: op.path,
    handler: async (request, reply) => {
      const clientId = request.clientId ?? '';
      // blind1-auth-denied-client-admitted: the partner is looked up by a clientId body member, not by the token.
      const claimed = ctx.faults.has('blind1-auth-denied-client-admitted') ? String((request.body as { clientId?: unknown } | null)?.clientId ?? '') : clientId;
      // blind11-auth-denied-admitted-with-query-version: the query-versioned route has no partner-denial check.
      const olderRoute = ctx.faults.has('blind11-auth-denied-admitted-with-query-version') && /[?&]apiVersion=/.test(request.url);
      // blind15-auth-denied-client-admitted-for-known-device: a device-trust cache keyed by deviceId alone skips the partner check.
      // blind16-auth-denied-admitted-on-retry: the partner is marked checked before its denial is stored.
      if (claimed === deniedClientId && !olderRoute && !blind15TrustedDevice(ctx.faults, ctx.state.sessions, request.body) && !blind16DeniedAdmitted(ctx.faults, ctx.state.sessions, claimed)
        // blind18-auth-denial-skipped-for-body-credential-token: the partner check reads a claim body-credential tokens lack.
        && !blind18BodyCredentialToken(ctx.faults, request)
        // blind19-auth-denied-admitted-with-header-version: the header-versioned route has no partner-denial check.
        && !blind19DeniedAdmitted(ctx.faults, request)) {
        // blind17-auth-denied-session-still-opened: the session is opened, and its header written, before the partner check.
        blind17SessionBeforeDenial(ctx, request, reply);
        const detail = 'Authorization was denied for this client.';
        const row = errorRow('UNAUTHORIZED');
        // blind8-auth-denied-200-no-session: a refused login is "no session", answered as an empty success.
        if (ctx.faults.has('blind8-auth-denied-200-no-session')) return sendOk(reply, {});
        // blind4-auth-denied-framework-problem: `return Unauthorized();` and the framework's default ProblemDetails.
        if (ctx.faults.has('blind4-auth-denied-framework-problem'))
          return reply.code(401).header('www-authenticate', 'Bearer').type('application/problem+json')
            .send(JSON.stringify({ type: row.typeRfc!.url, title: row.title, status: 401, traceId: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00` }));
        // blind6-auth-denied-type-section-4-1: the section of the WWW-Authenticate header cited for the 401.
        if (ctx.faults.has('blind6-auth-denied-type-section-4-1'))
          return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode ?? row.key, title: row.title, typeUrl: row.typeRfc!.url.replace(/section-3\.1$/, 'section-4.1'), detail });
        if (ctx.faults.has('blind1-auth-denied-type-rfc7231'))
          return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode ?? row.key, title: row.title, typeUrl: rfcSections.badRequest.url, detail });
        if (ctx.faults.has('auth-denied-wrong-status'))
          return sendProblem(reply, request, { status: referenceOnlyErrors.forbidden.status, errorCode: row.errorCode ?? row.key, title: row.title, detail });
        if (!ctx.faults.has('auth-denied-wrong-code')) return sendErrorRow(reply, request, 'UNAUTHORIZED', detail);
        return sendProblem(reply, request, { status: row.status, errorCode: referenceOnlyErrors.forbidden.errorCode, title: row.title, detail });
      }
      const v = validateWithFaults(ctx.faults, op, request.body, ctx.readings);
      if (v.errors.length > 0) return sendValidationProblem(reply, request, v.errors);
      // blind7-auth-device-id-over-36-500: the DeviceId column is sized for a GUID and the insert fails on a longer id.
      if (ctx.faults.has('blind7-auth-device-id-over-36-500') && text(v.values, 'deviceId').length > 36)
        throw new Error("String or binary data would be truncated in table 'PartnerSession', column 'DeviceId'.");
      // device-id-not-guid-500: the DeviceId column is a uniqueidentifier, and a deviceId that is not a GUID fails the insert.
      if (ctx.faults.has('device-id-not-guid-500') && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text(v.values, 'deviceId')))
        throw new Error('Conversion failed when converting from a character string to uniqueidentifier.');
      const opaque = ctx.readings.has('blind-session-id-opaque');
      // blind5-auth-repeat-device-empty-session: the "device already has a session" branch reads an id it never set.
      const repeated = ctx.faults.has('blind5-auth-repeat-device-empty-session') && ctx.state.sessions.anyWithDevice(text(v.values, 'deviceId'), clientId);
      // blind16-auth-session-reused-per-client: the session cached for the client is handed back, whatever the deviceId.
      // blind17-auth-device-id-stored-lowercased: the session row stores the deviceId lower-cased.
      // Reading `blind4-session-reused-per-device` (D3): one session per device, answered again.
      const session = blind16ClientSession(ctx.faults, ctx.state.sessions, clientId) ?? blind4SessionOfDevice(ctx.readings, ctx.state.sessions, clientId, text(v.values, 'deviceId')) ?? ctx.state.sessions.open(storedDeviceId(ctx.faults, text(v.values, 'deviceId')), clientId, opaque ? `ps_${randomBytes(48).toString('base64url')}` : undefined);
      // blind6-auth-session-in-body-with-query-version: the query-versioned route is the older controller, which returns the id in its body.
      if (ctx.faults.has('blind6-auth-session-in-body-with-query-version') && /[?&]apiVersion=/.test(request.url)) return sendOk(reply, { sessionId: session.sessionId });
      // blind10-auth-session-id-header-braces: the id written with Guid.ToString("B"), looked up later by the bare id.
      const written = ctx.faults.has('blind10-auth-session-id-header-braces') ? `{${session.sessionId}}` : session.sessionId;
      if (!ctx.faults.has('auth-session-header-missing')) reply.header(sessionHeaders.sessionId, repeated ? '' : written);
      // allow-list-session-header-kept, bearer-expired-session-header-kept: a guard's refusal written after the action.
      const refusal = deferredRefusal(request);
      if (refusal) return refusal(reply);
      if (ctx.readings.has('auth-partner-no-content')) return reply.code(204).send();
      // Reading `blind2-done-200-empty` (D3, D6): 200, the sessionId header and no body.
      if (ctx.readings.has('blind2-done-200-empty')) return reply.code(200).send();
      // Reading `blind-session-id-opaque` (D3: the success body is not shown): the id in the body too.
      if (opaque) return sendOk(reply, { sessionId: session.sessionId });
      // blind9-auth-success-text-plain: the login action returns a string result, written as text.
      if (ctx.faults.has('blind9-auth-success-text-plain')) return reply.code(200).type('text/plain; charset=utf-8').send('{}');
      return sendOk(reply, {});
    },
  });
}
