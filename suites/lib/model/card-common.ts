import fc from 'fast-check';
import { cardNickname } from '../../../contract/index.js';
import { escapeProneText } from '../../../generators/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import { cardsMatchSchema } from '../../../checks/index.js';
import type { Responded } from '../../../checks/support.js';
import { runTag } from '../state/setup-call.js';
import { firstCard, type CardIdPrediction } from '../../../oracles/model/expect.js';
import { byCheck, predict } from '../../../oracles/model/predict.js';
import { ownRefusal, refusedForOwnReason } from './refusal.js';
import type { SequenceRun } from './real.js';
import { type CardKind, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

type Body = Record<string, unknown>;
type CardSeen = Pick<ModelCard, 'kind' | 'identity' | 'payload' | 'lastFourFrom'>;

const nicknameMax = cardNickname.maxLength!;

/**
 * Marks what the run registers on a shared sandbox: the run tag as nickname. A changed one ends
 * with its suffix (the tag gives way), or the change would be cut off and change nothing.
 */
export const nickname = (r: SequenceRun, suffix = ''): string => `${runTag(r.ctx).slice(0, nicknameMax - suffix.length)}${suffix}`;

/**
 * A changed nickname's suffix: a number, so each change differs from the last, and the characters an
 * HTML encoder, SQL escaping or a URL decoder changes (blind19: "Mom &amp; Dad" listed), so the reply
 * and the card list show whether free text is stored and answered as sent. The run tag gives way.
 */
export const nicknameChange: fc.Arbitrary<string> = fc.integer({ min: 1, max: 99 }).map((n) => `${n}${escapeProneText}`);

/** The body of an add-or-update: generated card data for `customer`, the run's nickname unless changed. */
export const cardBody = (r: SequenceRun, customer: ModelCustomer, generated: Body, overrides: Body = {}): Body =>
  ({ ...generated, customerId: customer.customerId, cardNickname: nickname(r), ...overrides });

export interface UpsertPrediction extends CardIdPrediction {
  readonly documentedSuccess: string;
}

/** A new card, which the target may refuse for reasons of its own (D37): `refusable` says what it is, for the observed note. */
export interface NewCardPrediction extends UpsertPrediction {
  readonly refusable: string;
}

/**
 * An add-or-update reply the model predicts successful: 2xx, the Card fields with their
 * types (empty values allowed after add-or-update), lastFourDigits as documented, the
 * expiration and nickname of this write where not empty, and the cardId as predicted (the same card, or a new entry). Returns the reply's cardId, or
 * undefined after a refusal for the target's own reasons.
 */
export function expectUpsert(r: SequenceRun, x: Responded, card: CardSeen, p: NewCardPrediction): string | undefined;
export function expectUpsert(r: SequenceRun, x: Responded, card: CardSeen, p: UpsertPrediction): string;
export function expectUpsert(r: SequenceRun, x: Responded, card: CardSeen, p: UpsertPrediction & { refusable?: string }): string | undefined {
  const judged = r.judge(x,
    { oracles: [predict.accepted({ requirement: p.requirement, documented: p.documentedSuccess })], ...(p.refusable ? { ownRefusal: ownRefusal(p.refusable) } : {}) },
    { oracles: [byCheck(cardsMatchSchema, undefined)] },
    { oracles: [predict.lastFour(card)] },
    { oracles: [predict.cardData({ payload: card.payload, requirement: p.requirement })] },
    { oracles: [predict.cardId(p)] });
  return refusedForOwnReason(judged) ? undefined : String(firstCard(x)!.cardId);
}

/** A card the target registered joins the model (and the footprint, so it is deleted at the end). */
export function register(m: Model, r: SequenceRun, c: ModelCustomer, card: { cardId: string; kind: CardKind; identity: string; payload: Body; because: RequirementId }): ModelCard {
  const added: ModelCard = {
    label: `card #${m.nextCard++}`, cardId: card.cardId, kind: card.kind, identity: card.identity, payload: card.payload, registeredWith: card.payload,
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
