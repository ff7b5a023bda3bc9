import { cardNickname } from '../../../contract/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import { cardsMatchSchema } from '../../../checks/index.js';
import type { Responded } from '../../../checks/support.js';
import { runTag } from '../state/setup-call.js';
import { accepted, cardIdAsPredicted, firstCard, lastFourAsDocumented, type CardIdPrediction } from './expect.js';
import type { SequenceRun } from './real.js';
import { type CardKind, type Model, type ModelCard, type ModelCustomer } from './state.js';

type Body = Record<string, unknown>;

const nicknameMax = cardNickname.maxLength!;

/**
 * Marks what the run registers on a shared sandbox: the run tag as nickname. A changed one ends
 * with its suffix (the tag gives way), or the change would be cut off and change nothing.
 */
export const nickname = (r: SequenceRun, suffix = ''): string => `${runTag(r.ctx).slice(0, nicknameMax - suffix.length)}${suffix}`;

/** The body of an add-or-update: generated card data for `customer`, the run's nickname unless changed. */
export const cardBody = (r: SequenceRun, customer: ModelCustomer, generated: Body, overrides: Body = {}): Body =>
  ({ ...generated, customerId: customer.customerId, cardNickname: nickname(r), ...overrides });

export interface UpsertPrediction extends CardIdPrediction {
  readonly documentedSuccess: string;
}

/**
 * An add-or-update reply the model predicts successful: 2xx, the Card fields with their
 * types (empty values allowed after add-or-update), lastFourDigits as documented, and the
 * cardId as predicted (the same card, or a new entry). Returns the reply's cardId.
 */
export function expectUpsert(r: SequenceRun, x: Responded, card: Pick<ModelCard, 'kind' | 'identity' | 'payload'>, p: UpsertPrediction): string {
  r.expect(accepted(x, { requirement: p.requirement, documented: p.documentedSuccess }), p.requirement);
  r.expect(cardsMatchSchema(x, undefined), 'CARDS-SHAPE');
  const shown = firstCard(x);
  r.expect(lastFourAsDocumented(x, shown, card), 'CARDS-SHAPE');
  r.expect(cardIdAsPredicted(x, p), p.requirement);
  return String(shown!.cardId);
}

/** A card the target registered joins the model (and the footprint, so it is deleted at the end). */
export function register(m: Model, r: SequenceRun, c: ModelCustomer, card: { cardId: string; kind: CardKind; identity: string; payload: Body; because: RequirementId }): ModelCard {
  const added: ModelCard = {
    label: `card #${m.nextCard++}`, cardId: card.cardId, kind: card.kind, identity: card.identity, payload: card.payload,
    listedBecause: card.because, expirationFrom: card.because, nicknameFrom: card.because,
  };
  c.cards.push(added);
  c.everHadCard = true;
  r.ctx.footprint.cardAdded(c.customerId, card.cardId);
  return added;
}

/** Every cardId the sequence has seen, of any customer, deleted ones included (a new card must not reuse one). */
export const knownIds = (m: Readonly<Model>): string[] =>
  m.customers.flatMap((c) => [...c.cards.map((k) => k.cardId), ...c.deleted.map((d) => d.cardId)]);
