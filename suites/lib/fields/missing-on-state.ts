/**
 * Required members left out of a request whose other values name real resources (blind batch 11: a
 * DeleteCard without customerId, naming a card the customer held, deleted it). Sent as a violation
 * on made-up ids, such a case is refused whatever the target does with the missing member: an id of
 * nothing is refused anyway. So a case that only leaves members out resolves its state as a valid
 * case does (the pool customer, a card added for the case), and an upsert names the card the
 * customer already holds (the update path): a target that ignores the missing member then succeeds.
 */
import type { Operation } from '../../../contract/index.js';
import { resourceNames } from '../../../contract/operators/index.js';
import type { GeneratedCase } from '../../../generators/index.js';
import { registeredCardSlot } from '../../../generators/operators/slots.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';
import { mayWrite } from '../state/setup-call.js';
import { sendCase } from './send-case.js';

/** A case whose only breaks are required members left out. */
export const missingOnly = (c: GeneratedCase): boolean =>
  c.expectation.kind === 'validation' && c.expectation.broken.length > 0 && c.expectation.broken.every((b) => b.violation === 'missing');

const heldCard: Readonly<Record<string, string>> = { 'card-number': registeredCardSlot.number, 'card-token': registeredCardSlot.token };

/** The case with the card identity of a write (a card number, a card token) replaced by the card the customer holds. */
export function onHeldCard(op: Operation, c: GeneratedCase): GeneratedCase {
  const body = c.input.body;
  if (!op.writes || !body) return c;
  const named = op.fields.filter((f) => f.in === 'body' && body[f.name] !== undefined && heldCard[resourceNames[f.name] ?? ''] !== undefined);
  if (named.length === 0) return c;
  return { ...c, input: { ...c.input, body: { ...body, ...Object.fromEntries(named.map((f) => [f.name, heldCard[resourceNames[f.name]!]!])) } } };
}

/**
 * A violation case of the field-rule suite: a missing-members case on real state where the run may
 * write (never on production without leave); without the state (no fixture) it goes on made-up ids.
 */
export async function sendViolation(ctx: HarnessContext, op: Operation, c: GeneratedCase): Promise<CaseOutcome> {
  if (!missingOnly(c) || !mayWrite(ctx)) return sendCase(ctx, op, c, 'violation');
  try {
    return await sendCase(ctx, op, onHeldCard(op, c), 'valid');
  } catch (error) {
    if (error instanceof FixtureError) return sendCase(ctx, op, c, 'violation');
    throw error;
  }
}
