import fc from 'fast-check';
import { operation } from '../../../contract/index.js';
import type { RequirementId } from '../../../contract/requirements.js';
import { digits, mmyy, validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { expectUpsert, nickname, nicknameChange } from './card-common.js';
import { compareCardList, writeCards } from './card-list.js';
import { ModelCommand } from './command.js';
import type { SequenceRun } from './real.js';
import { cardAt, customerWith, maxCustomers, tail, type CardKind, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';

type Body = Record<string, unknown>;

/** The card data a partner sends anew on an update: every field of the request but the customer and what names the card (number, token, BIN). */
const sharedFields = ['expirationMonthYear', 'cardNickname', 'nameOnCard', 'addressLine1', 'addressLine2', 'city', 'state', 'zip'] as const;
export const mutableFields: Record<CardKind, readonly string[]> = { number: sharedFields, token: ['lastFourOfCard', ...sharedFields] };
export const operationOf = (kind: CardKind) => (kind === 'number' ? 'AddOrUpdateCard' : 'AddOrUpdateTokenizedCard');
export const changedRow = (kind: CardKind): RequirementId => (kind === 'number' ? 'STATE-CARD-CHANGED' : 'STATE-TCARD-CHANGED');

/** Fields the card list or the reply shows (the Card resource has no address or cardholder name): their change is named in the step with its value. */
export const shown = new Set(['expirationMonthYear', 'cardNickname', 'lastFourOfCard']);

/** New values by field; `cardNickname` holds the suffix the run's nickname takes (card-common.ts). */
export type FieldDraws = Readonly<Record<string, string | undefined>>;

/**
 * States: any card data differs → reauthorized, the same card, the data stored. An update sends a
 * random subset of the card's mutable fields anew, each drawn independently (`lead` always), and every
 * field the contract lets the model predict is compared with this write: the reply (lastFourDigits, and
 * the expiration and nickname where not empty) and GetRegisteredCards right after it (expiration,
 * nickname, lastFourDigits). A field the Card resource does not show (address, name) is sent, not judged.
 */
export class UpdateCardFields extends ModelCommand {
  constructor(readonly kind: CardKind, readonly customer: number, readonly card: number, readonly draws: FieldDraws) { super(); }
  private holds = (c: ModelCustomer): boolean => cardAt(c, this.card, this.kind) !== undefined;
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, this.holds) !== undefined; }
  protected describe(): string {
    const fields = Object.keys(this.draws).filter((f) => this.draws[f] !== undefined);
    return `${operationOf(this.kind)}(customer[${this.customer}], ${this.kind} card[${this.card}], ${fields.join(', ')} drawn anew)`;
  }

  private payloadOf(r: SequenceRun, card: ModelCard): Body {
    const payload: Body = { ...card.payload };
    for (const field of mutableFields[this.kind]) {
      const value = this.draws[field];
      if (value !== undefined) payload[field] = field === 'cardNickname' ? nickname(r, value) : value;
    }
    return payload;
  }

  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, this.holds)!;
    const card = cardAt(c, this.card, this.kind)!;
    const payload = this.payloadOf(r, card);
    const changed = mutableFields[this.kind].filter((f) => payload[f] !== card.payload[f]);
    // Values drawn equal to the stored ones make an identical resubmission: the card is unchanged.
    const requirement: RequirementId = changed.length ? changedRow(this.kind) : 'STATE-CARD-IDENTICAL';
    const said = changed.map((f) => (shown.has(f) ? `${f} ${String(card.payload[f] ?? '(none)')} → ${String(payload[f])}` : `${f} changed`)).join(', ');
    this.begin(r, `${operationOf(this.kind)}(${c.label}, ${card.label} ${tail(card.identity)}, ${said || 'identical data'}), then GetRegisteredCards`);
    await writeCardData(r, c, card, payload, changed, requirement, {
      documentedSuccess: changed.length ? 'changed card data is reauthorized and stored' : 'identical data leaves the registered card unchanged',
      documented: 'the same cardId after an update of the card\'s data',
    });
    await compareCardList(r, c);
  }
}

/**
 * Sends `payload` as the card's new data, expects the same card back with it (the reply's members the model
 * predicts), and records which write each shown member now comes from: the update and the restore share it.
 */
export async function writeCardData(
  r: SequenceRun, c: ModelCustomer, card: ModelCard, payload: Body, changed: readonly string[], requirement: RequirementId,
  texts: { readonly documentedSuccess: string; readonly documented: string },
): Promise<void> {
  const lastFourFrom = changed.includes('lastFourOfCard') ? requirement : card.lastFourFrom;
  const x = await writeCards(r, c, operationOf(card.kind), payload);
  expectUpsert(r, x, { ...card, payload, ...(lastFourFrom ? { lastFourFrom } : {}) }, { requirement, same: card.cardId, ...texts });
  card.payload = payload;
  card.listedBecause = requirement;
  if (changed.includes('expirationMonthYear')) card.expirationFrom = requirement;
  if (changed.includes('cardNickname')) card.nicknameFrom = requirement;
  if (lastFourFrom) card.lastFourFrom = lastFourFrom;
}

/**
 * New values for the mutable fields of a card of `kind`: `lead` always drawn, each other field drawn or left
 * (undefined) independently; a field the generated payload left out (an optional one) is not sent anew.
 */
export function cardFieldDraws(ctx: HarnessContext, kind: CardKind, lead: string | undefined): fc.Arbitrary<FieldDraws> {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  return validPayload(operation(operationOf(kind)), { declinedCardNumber, deniedCardBin, includeOptional: true })
    .chain((p) => {
      const generated = p.body ?? {};
      const valueOf = (field: string): fc.Arbitrary<string | undefined> => field === 'expirationMonthYear' ? mmyy()
        : field === 'cardNickname' ? nicknameChange
          : field === 'lastFourOfCard' ? digits({ length: 4 })
            : fc.constant(typeof generated[field] === 'string' ? generated[field] : undefined);
      const fields = mutableFields[kind];
      return fc.record(Object.fromEntries(fields.map((f) => [f, f === lead ? valueOf(f) : fc.option(valueOf(f), { nil: undefined, freq: 2 })])));
    });
}

/**
 * Updates of each kind: a number card's with a random subset of its fields; a tokenized card's with
 * lastFourOfCard always drawn anew (a new card number behind the token) and one with its nickname,
 * so the coverage sequence (one draw of each command) changes both whatever the seed.
 */
export function cardUpdateCommands(ctx: HarnessContext): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  const of = (kind: CardKind, lead?: string) => fc.tuple(customer, card, cardFieldDraws(ctx, kind, lead)).map(([i, k, d]) => new UpdateCardFields(kind, i, k, d));
  return [of('number'), of('token', 'lastFourOfCard'), of('token', 'cardNickname')];
}
