import type { FastifyReply, FastifyRequest } from 'fastify';
import { readingsOf } from '../problems.js';
import { successMediaType, type Operation } from '../../contract/index.js';
import type { FaultSet } from '../faults/types.js';
import type { ReadingSet } from '../readings.js';
import type { InputValue } from '../validate/index.js';
import type { PartnerSession, ReferenceState } from '../state/index.js';

/** What every operation handler shares: the instance's state and its switched-on faults. */
export interface OperationContext {
  readonly state: ReferenceState;
  readonly faults: FaultSet;
  readonly readings: ReadingSet;
}

/** A request that passed the session check (D4) and validation (D13, D14). */
export interface ValidRequest {
  readonly op: Operation;
  readonly values: Readonly<Record<string, InputValue>>;
  /** The session named by the headers (AuthenticatePartner, which opens it, has its own route). */
  readonly session: PartnerSession;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** The pause of the check-then-write faults: long enough for a second request to pass the same check. */
export const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

export type OperationHandler = (ctx: OperationContext, req: ValidRequest) => Promise<FastifyReply> | FastifyReply;

const guidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reading `upper-case-guids`: every GUID-shaped string of a body in upper case. */
function upperGuids(value: unknown): unknown {
  if (typeof value === 'string') return guidShape.test(value) ? value.toUpperCase() : value;
  if (Array.isArray(value)) return value.map(upperGuids);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, upperGuids(v)]));
  return value;
}

/**
 * D7: every success body is application/json (reading `media-types-plain`: with a charset);
 * readings `extra-members` and `upper-case-guids` reshape it as a conformant target might.
 */
export function sendOk(reply: FastifyReply, body: unknown): FastifyReply {
  const readings = readingsOf(reply);
  let out = readings.has('upper-case-guids') ? upperGuids(body) : body;
  if (readings.has('extra-members') && typeof out === 'object' && out !== null && !Array.isArray(out)) out = { ...out, traceId: 'trace-1' };
  // Reading `blind-success-error-code-zero`: operations that can fail with an ErrorCode say 0 when they succeed.
  if (readings.has('blind-success-error-code-zero') && /\/(enroll-customer|add-or-update-card|add-or-update-tokenized-card)$/.test(reply.request.url.split('?')[0]!))
    out = { ...(out as object), ErrorCode: 0, ErrorMessage: '' };
  // blind4-get-success-text-json: the read endpoints' older formatter.
  if (reply.server.faults.has('blind4-get-success-text-json') && reply.request.method === 'GET') return reply.code(200).type('text/json; charset=utf-8').send(JSON.stringify(out));
  return reply.code(reply.statusCode === 201 ? 201 : 200).type(readings.has('media-types-plain') ? `${successMediaType}; charset=utf-8` : successMediaType).send(out);
}

/**
 * D6: success of DeleteCard, AddCustomerAttributes and AddSessionAttributes, whose body is not
 * shown: `{}` by default, 204 without a body or 200 with another JSON body under the readings.
 */
export function sendDone(reply: FastifyReply): FastifyReply {
  const readings = readingsOf(reply);
  // blind5-done-octet-stream: the empty result written by a byte-array formatter.
  if (reply.server.faults.has('blind5-done-octet-stream')) return reply.code(200).type('application/octet-stream').send(Buffer.from('{}'));
  if (readings.has('success-no-content')) return reply.code(204).send();
  // Reading `blind2-done-200-empty` (D6): ASP.NET's Ok(), 200 with no body and no Content-Type.
  if (readings.has('blind2-done-200-empty')) return reply.code(200).send();
  if (readings.has('blind-success-error-code-zero')) return sendOk(reply, { ErrorCode: 0, ErrorMessage: '' });
  return sendOk(reply, readings.has('success-body-echo') ? { success: true } : {});
}

/** A validated string input; validation guarantees presence for required fields. */
export function text(values: Readonly<Record<string, InputValue>>, name: string): string {
  const v = values[name];
  return typeof v === 'string' ? v : '';
}

export function optionalText(values: Readonly<Record<string, InputValue>>, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}
