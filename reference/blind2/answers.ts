import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, transactionFields } from '../../contract/index.js';
import { requestPath, sendProblem } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import { withPendingEvents, type StoredCard, type Transaction } from '../state/index.js';

/** Answers of the round-2 blind readings (reference/readings-blind2.ts): shapes, media and transport. */

/**
 * Reading `blind2-method-not-allowed-405` (D1): a known partner path asked with another method is
 * 405 with `Allow`, as ASP.NET Core and Spring answer; true when it answered.
 */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.server.readings?.has('blind2-method-not-allowed-405')) return false;
  const op = operations.find((o) => o.path === requestPath(request));
  if (!op || op.method === request.method) return false;
  reply.header('allow', op.method === 'GET' ? 'GET, HEAD' : op.method);
  sendProblem(reply, request, {
    status: 405, errorCode: 'METHOD_NOT_ALLOWED', title: 'Method Not Allowed', typeUrl: 'https://tools.ietf.org/html/rfc7231#section-6.5.5',
    detail: `${request.method} is not allowed on ${op.path}; use ${op.method}.`,
  });
  return true;
}

/** True when the Accept-Encoding header admits gzip (q not 0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : header ?? '';
  return text.split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Readings `blind2-gzip` and `blind2-connection-close`: one onSend hook each, installed on the root
 * instance by server.ts after every other root hook, so what they see is the answer as it is sent.
 */
export function installTransportReadings(app: FastifyInstance, readings: SwitchSet): void {
  if (readings.has('blind2-connection-close')) app.addHook('onSend', async (_request, reply, payload) => (reply.header('connection', 'close'), payload));
  if (readings.has('blind2-gzip'))
    app.addHook('onSend', async (request, reply, payload) => {
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
      reply.header('vary', 'accept-encoding');
      if (!bytes || bytes.length === 0 || reply.hasHeader('content-encoding') || !acceptsGzip(request.headers['accept-encoding'])) return payload;
      reply.header('content-encoding', 'gzip');
      return gzipSync(bytes);
    });
}

/** Reading `blind2-card-program-filled`: the program fields of a card as an issuer's program table fills them. */
export function programFields(readings: SwitchSet | undefined, card: StoredCard): Record<string, unknown> {
  if (!readings?.has('blind2-card-program-filled')) return {};
  return {
    cardProgram: card.kind === 'token' ? 'Partner Tokenized Debit' : 'Partner Prepaid Visa',
    showTermsAndConditions: true, termsAndConditionsId: 'TC-2024-07', issuerType: 2,
    cardProgramPhone: '8005550199', currentCardMin: 100, currentCardMax: 250000,
  };
}

/** The key ssoTokens are signed with (reading `blind2-sso-token-jwt`); one per process is enough for a reference. */
const ssoKey = randomBytes(32);
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Reading `blind2-sso-token-jwt`: an HS256 compact JWT for the customer, valid five minutes. */
export function ssoJwt(customerId: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: customerId, aud: 'partner-app', iat, exp: iat + 300, jti: randomUUID() })}`;
  return `${unsigned}.${createHmac('sha256', ssoKey).update(unsigned).digest('base64url')}`;
}

const later = transactionFields.filter((f) => f.type === 'timestamp' && f.name !== 'createdOn').map((f) => f.name);
const declineReasons = ['Check image unreadable', 'Duplicate item', 'Endorsement missing', 'Amount mismatch', 'Maker account closed'];

/**
 * Readings `blind2-history-declines` (about one transaction in four was declined) and
 * `blind2-timestamps-min-value` (D36: an event not yet happened is 0001-01-01T00:00:00Z; the
 * transactions pending are the ones reading `timestamps-null-pending` leaves null).
 */
export function blind2Transactions(readings: SwitchSet, items: Transaction[]): Transaction[] {
  const declines = readings.has('blind2-history-declines');
  const minValue = readings.has('blind2-timestamps-min-value');
  if (!declines && !minValue) return items;
  return items.map((t) => {
    let out: Record<string, string | number | null> = { ...t };
    const d = createHash('sha256').update(`${String(t.transactionId)}|declined`).digest();
    if (declines && d[0]! % 4 === 0) {
      out = { ...out, statusMessage: 'Declined', declineReasonCode: 1 + (d[1]! % declineReasons.length), declineReasonMessage: declineReasons[d[1]! % declineReasons.length]!, loadAmount: 0 };
    }
    if (minValue) {
      const pending = withPendingEvents(t);
      for (const name of later) if (pending[name] === null || pending[name] === undefined) out[name] = '0001-01-01T00:00:00Z';
    }
    return out;
  });
}
