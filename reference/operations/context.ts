import type { FastifyReply, FastifyRequest } from 'fastify';
import { successMediaType, type Operation } from '../../contract/index.js';
import type { FaultSet } from '../faults/types.js';
import type { InputValue } from '../validate/index.js';
import type { PartnerSession, ReferenceState } from '../state/index.js';

/** What every operation handler shares: the instance's state and its switched-on faults. */
export interface OperationContext {
  readonly state: ReferenceState;
  readonly faults: FaultSet;
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

export type OperationHandler = (ctx: OperationContext, req: ValidRequest) => Promise<FastifyReply> | FastifyReply;

/** D7: every success body is application/json. */
export function sendOk(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.code(200).type(successMediaType).send(body);
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
