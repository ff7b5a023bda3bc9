import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionHeaders } from '../../contract/index.js';
import { bearerChallenge, sendErrorRow, sendLegacyError, sendProblem } from '../problems.js';
import type { PartnerSession } from '../state/index.js';
import type { OperationContext } from './context.js';
import { deviceCheckCached, rememberDeviceChecked } from '../faults/blind5/memo.js';
import { blind14DeviceOptional, blind14DeviceUnchecked } from '../faults/blind14/access.js';
import { blind15DeviceUnchecked } from '../faults/blind15/access.js';
import { blind3MissingHeader } from '../blind3/rules.js';

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * D4: every operation but AuthenticatePartner needs the `sessionId` of a session this
 * client opened and the `deviceId` used there; otherwise 401 Problem UNAUTHORIZED (with
 * `WWW-Authenticate: Bearer`, D27). Runs before validation. Returns undefined after replying.
 */
export function resolveSession(ctx: OperationContext, request: FastifyRequest, reply: FastifyReply): PartnerSession | undefined {
  // blind3-session-id-first-36: the header is cut to a GUID's length before the lookup.
  const clientId = request.clientId ?? '';
  // session-id-empty-device-lookup: an empty header falls back to the session opened with the deviceId.
  const emptyToDevice = ctx.faults.has('session-id-empty-device-lookup') && request.headers[sessionHeaders.sessionId.toLowerCase()] === '';
  // blind8-session-missing-id-device-lookup-on-find: FindCustomer's filter falls back to the device's newest session when the header is absent.
  const findByDevice = ctx.faults.has('blind8-session-missing-id-device-lookup-on-find') && request.headers[sessionHeaders.sessionId.toLowerCase()] === undefined
    && request.url.split('?')[0]!.endsWith('/find-customer');
  // session-missing-id-device-lookup-on-cattr: the ancillary controller's filter does the same for AddCustomerAttributes.
  const cattrByDevice = ctx.faults.has('session-missing-id-device-lookup-on-cattr') && request.headers[sessionHeaders.sessionId.toLowerCase()] === undefined
    && request.url.split('?')[0]!.endsWith('/add-customer-attributes');
  const sessionId = findByDevice || cattrByDevice ? ctx.state.sessions.withDevice(clientId, header(request, sessionHeaders.deviceId) ?? '')?.sessionId
    : emptyToDevice ? ctx.state.sessions.withDevice(clientId, header(request, sessionHeaders.deviceId) ?? '')?.sessionId
    : ctx.faults.has('blind3-session-id-first-36') ? header(request, sessionHeaders.sessionId)?.slice(0, 36) : header(request, sessionHeaders.sessionId);
  const deviceId = header(request, sessionHeaders.deviceId);
  // blind2-session-unknown-id-created: get-or-create on the session store.
  if (sessionId && deviceId && !ctx.state.sessions.get(sessionId) && ctx.faults.has('blind2-session-unknown-id-created')) ctx.state.sessions.open(deviceId, clientId, sessionId);
  // blind6-session-id-prefix-match: the lookup is `WHERE SessionId LIKE @id + '%'`.
  const byPrefix = (id: string) => (ctx.faults.has('blind6-session-id-prefix-match') && id.length >= 8 ? ctx.state.sessions.startingWith(id) : undefined);
  // session-id-last-char-ignored: the id is compared by a loop that stops one character short.
  const lastIgnored = (id: string) => {
    const near = ctx.faults.has('session-id-last-char-ignored') && id.length > 1 ? ctx.state.sessions.startingWith(id.slice(0, -1)) : undefined;
    return near?.sessionId.length === id.length ? near : undefined;
  };
  const found = sessionId ? ctx.state.sessions.get(sessionId) ?? byPrefix(sessionId) ?? lastIgnored(sessionId) : undefined;
  // session-device-empty-plain-text: the framework's header binding refuses an empty deviceId in text before the filter runs.
  if (ctx.faults.has('session-device-empty-plain-text') && request.headers[sessionHeaders.deviceId.toLowerCase()] === '')
    return void reply.code(400).type('text/plain; charset=utf-8').send(`The ${sessionHeaders.deviceId} field is required.`);
  let problem: string | undefined;
  // blind4-session-device-empty-skipped: `if (deviceId != null && deviceId != "" && deviceId != session.DeviceId)`, and a header sent empty passes.
  const emptyDevice = ctx.faults.has('blind4-session-device-empty-skipped') && request.headers[sessionHeaders.deviceId.toLowerCase()] === '';
  // blind4-session-device-any-session: the device is looked up among the client's sessions, not paired with this one.
  const knownDevice = ctx.faults.has('blind4-session-device-any-session') && deviceId !== undefined && ctx.state.sessions.anyWithDevice(deviceId, clientId);
  // blind6-session-device-missing-on-delete: the DeleteCard filter compares the deviceId only when one was sent.
  const deleteWithout = (ctx.faults.has('blind6-session-device-missing-on-delete') && request.url.split('?')[0]!.endsWith('/delete-card'))
    // blind13-session-device-missing-accepted-on-card: the card filter compares the deviceId only when one was sent.
    || (ctx.faults.has('blind13-session-device-missing-accepted-on-card') && request.url.split('?')[0]!.endsWith('/add-or-update-card'))
    // blind14-session-device-missing-accepted-on-history: the history filter compares the deviceId only when one was sent.
    || blind14DeviceOptional(ctx.faults, request.url);
  if (!sessionId || (!deviceId && !emptyDevice && !ctx.faults.has('device-id-not-required') && !deleteWithout)) problem = 'The sessionId and deviceId headers are required.';
  // blind2-session-other-client: the session is found by its id alone.
  else if (!found || (found.clientId !== clientId && !ctx.faults.has('blind2-session-other-client'))) problem = 'The sessionId does not name a session of this client.';
  // blind3-session-device-any-own-session: the device is looked up among the client's sessions, not compared with this one's.
  // session-device-any-session: the deviceId is checked against every open session's, not this one's.
  else if (deviceId !== undefined && found.deviceId !== deviceId && !ctx.faults.has('session-device-ignored')
    && !(ctx.faults.has('blind3-session-device-any-own-session') && ctx.state.sessions.withDevice(clientId, deviceId))
    && !(ctx.faults.has('session-device-any-session') && ctx.state.sessions.anyWithDevice(deviceId, clientId))
    && !(ctx.faults.has('device-id-prefix-match') && deviceId.startsWith(found.deviceId))
    // device-id-truncated-match: the stored deviceId is matched with LIKE 'sent%', so its first characters pass.
    && !(ctx.faults.has('device-id-truncated-match') && deviceId !== '' && found.deviceId.startsWith(deviceId))
    && !knownDevice
    // blind5-session-device-case-insensitive: String.Equals(..., OrdinalIgnoreCase).
    && !(ctx.faults.has('blind5-session-device-case-insensitive') && found.deviceId.toLowerCase() === deviceId.toLowerCase())
    // blind5-session-device-check-cached: a session that passed the check once is not checked again.
    && !(ctx.faults.has('blind5-session-device-check-cached') && deviceCheckCached(found))
    && !(ctx.faults.has('blind1-device-unchecked-on-get') && request.method === 'GET')
    // blind7-session-device-unchecked-on-obo: the OBO filter looks the session up and stops there.
    && !(ctx.faults.has('blind7-session-device-unchecked-on-obo') && request.url.split('?')[0]!.endsWith('/authenticate-obo'))
    // blind8-session-device-unchecked-on-cattr: the ancillary controller's filter looks the session up and stops there.
    && !(ctx.faults.has('blind8-session-device-unchecked-on-cattr') && request.url.split('?')[0]!.endsWith('/add-customer-attributes'))
    // blind9-session-device-unchecked-on-enroll: the enrolment controller's filter looks the session up and stops there.
    && !(ctx.faults.has('blind9-session-device-unchecked-on-enroll') && request.url.split('?')[0]!.endsWith('/enroll-customer'))
    // blind9-session-device-unchecked-after-obo: a customer-context session (after AuthenticateOBO) is checked by its customer only.
    && !(ctx.faults.has('blind9-session-device-unchecked-after-obo') && found.oboCustomerId !== undefined)
    // blind10-sattr-device-unchecked: the session attributes' filter looks the session up and stops there.
    && !(ctx.faults.has('blind10-sattr-device-unchecked') && request.url.split('?')[0]!.endsWith('/add-session-attributes'))
    // blind13-session-device-unchecked-on-find: the FindCustomer filter looks the session up and stops there.
    && !(ctx.faults.has('blind13-session-device-unchecked-on-find') && request.url.split('?')[0]!.endsWith('/find-customer'))
    // blind14-session-device-unchecked-on-tcard: the tokenized-card filter looks the session up and stops there.
    && !blind14DeviceUnchecked(ctx.faults, request.url)
    // blind15-session-device-unchecked-on-card/-delete: those filters look the session up and stop there.
    && !blind15DeviceUnchecked(ctx.faults, request.url))
    problem = 'The deviceId differs from the one used at AuthenticatePartner.';
  if (!problem && found && ctx.faults.has('blind5-session-device-check-cached')) rememberDeviceChecked(found);
  if (!problem) return found;
  if (ctx.faults.has('session-not-required')) return found ?? ctx.state.sessions.detached(deviceId ?? '', clientId);
  // Reading `blind3-session-missing-header-400` (D4): a missing header is Spring's 400 MISSING_REQUEST_HEADER.
  if (!sessionId || !deviceId ? blind3MissingHeader(ctx, request, reply, [sessionHeaders.sessionId, sessionHeaders.deviceId]) : false) return undefined;
  // D4: the status is not shown; 403 and 400 with a JSON error body are conformant readings.
  if (ctx.readings.has('session-refused-403'))
    sendProblem(reply, request, { status: 403, errorCode: 'SESSION_INVALID', title: 'Forbidden', detail: problem });
  else if (ctx.readings.has('session-refused-400'))
    sendProblem(reply, request, { status: 400, errorCode: 'SESSION_INVALID', title: 'Bad Request', detail: problem });
  else if (ctx.readings.has('blind-unlisted-errors-legacy')) {
    // D4: any 4xx with a JSON error body; a 401 still carries its challenge (D27).
    reply.header('www-authenticate', bearerChallenge(reply, 'Bearer'));
    sendLegacyError(reply, 401, 'SESSION_INVALID', problem);
  } else sendErrorRow(reply, request, 'UNAUTHORIZED', problem);
  return undefined;
}
