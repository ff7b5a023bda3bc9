import type { FastifyInstance } from 'fastify';
import type { FaultSet } from '../faults/types.js';
import { readingSet, type ReadingSet } from '../readings.js';
import { createState, type ReferenceState } from '../state/index.js';
import type { OperationContext } from './context.js';
import { authenticatePartner } from './authenticate-partner.js';
import { enrollCustomer, findCustomer } from './customers.js';
import { getRegisteredCards, deleteCard } from './card-list.js';
import { cardUpserts } from './card-upsert.js';
import { authenticateObo } from './obo.js';
import { getTransactionHistory } from './history.js';
import { addCustomerAttributes } from './customer-attributes.js';
import { addSessionAttributes } from './session-attributes.js';

export interface PartnerOperationsOptions {
  readonly faults: FaultSet;
  /** Conformant alternative readings (reference/readings.ts); none when absent. */
  readonly readings?: ReadingSet;
  /** In-memory state; a fresh one per registration when absent. */
  readonly state?: ReferenceState;
}

/**
 * Registers the eleven partner operations of interface.md at their contract paths and
 * methods (D1). The core's hooks have already enforced the bearer token, allow list,
 * apiVersion, content type and JSON parsing, and set `request.clientId`.
 * @see interface.md "Endpoints", "States and transitions"
 */
export async function partnerOperations(app: FastifyInstance, opts: PartnerOperationsOptions): Promise<void> {
  const ctx: OperationContext = { state: opts.state ?? createState(), faults: opts.faults, readings: opts.readings ?? readingSet() };
  authenticatePartner(app, ctx);
  findCustomer(app, ctx);
  enrollCustomer(app, ctx);
  getRegisteredCards(app, ctx);
  cardUpserts(app, ctx);
  authenticateObo(app, ctx);
  getTransactionHistory(app, ctx);
  deleteCard(app, ctx);
  addCustomerAttributes(app, ctx);
  addSessionAttributes(app, ctx);
}
