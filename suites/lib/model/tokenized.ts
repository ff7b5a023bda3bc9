import fc from 'fast-check';
import { operation, responseMembers } from '../../../contract/index.js';
import { alnumChars, digits, mmyy, stringOf, validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { cardBody, expectUpsert, knownIds, register } from './card-common.js';
import { writeCards } from './card-list.js';
import { ModelCommand } from './command.js';
import { predict } from '../../../oracles/model/predict.js';
import { ResubmitCard } from './cards.js';
import { body, type SequenceRun } from './real.js';
import { cardAt, customerAt, holdsCard, maxCustomers, preferredCustomer, sameId, tail, type Model, type ModelCustomer } from '../../../oracles/model/state.js';

type Body = Record<string, unknown>;
const OP = 'AddOrUpdateTokenizedCard';

/** A new tokenized card: registered with a cardId of its own; lastFourDigits may be `****`. */
export class AddTokenizedCard extends ModelCommand {
  /** `toCardless` prefers a customer holding no card, who then holds only a tokenized one (obo.ts). */
  constructor(readonly customer: number, readonly generated: Body, readonly toCardless = false) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `${OP}(customer[${this.customer}], new token ${tail(String(this.generated.cardToken))})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = preferredCustomer(m, this.customer, this.toCardless ? (k) => !holdsCard(k) : undefined);
    const payload = cardBody(r, c, newTokenCard(r, c, this.generated));
    const identity = String(payload.cardToken);
    const four = payload.lastFourOfCard === undefined ? 'no lastFourOfCard' : `lastFourOfCard ${String(payload.lastFourOfCard)}`;
    this.begin(r, `${OP}(${c.label}, new token ${tail(identity)}, BIN ${String(payload.cardBin)}, ${four}, expiration ${String(payload.expirationMonthYear)})`);
    const x = await writeCards(r, c, OP, payload);
    const cardId = expectUpsert(r, x, { kind: 'token', identity, payload }, {
      requirement: 'TCARD-SUCCESS', notAny: knownIds(m), documentedSuccess: 'a new tokenized card is registered', documented: 'a new card gets a cardId of its own',
      refusable: 'a generated new tokenized card',
    });
    if (cardId === undefined) return;
    register(m, r, c, { cardId, kind: 'token', identity, payload, because: 'TCARD-SUCCESS' });
  }
}

/** States: the expiration of a tokenized card differs → reauthorized; the same card, the new expiration stored. */
export class ChangeTokenizedExpiration extends ModelCommand {
  constructor(readonly customer: number, readonly card: number, readonly expiration: string) { super(); }
  check(m: Readonly<Model>): boolean {
    if (m.customers.length === 0) return false;
    const card = cardAt(customerAt(m, this.customer), this.card, 'token');
    return card !== undefined && card.payload.expirationMonthYear !== this.expiration;
  }
  protected describe(): string { return `${OP}(customer[${this.customer}], token card[${this.card}], expiration → ${this.expiration})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const card = cardAt(c, this.card, 'token')!;
    const payload = { ...card.payload, expirationMonthYear: this.expiration };
    this.begin(r, `${OP}(${c.label}, ${card.label} ${tail(card.identity)}, expiration ${String(card.payload.expirationMonthYear)} → ${this.expiration})`);
    const x = await writeCards(r, c, OP, payload);
    expectUpsert(r, x, { ...card, payload }, {
      requirement: 'STATE-TCARD-CHANGED', same: card.cardId,
      documentedSuccess: 'a tokenized card whose expiration differs is reauthorized', documented: 'the same cardId after an expiration change',
    });
    card.payload = payload;
    card.listedBecause = 'STATE-TCARD-CHANGED';
    card.expirationFrom = 'STATE-TCARD-CHANGED';
  }
}

/**
 * States: the card token differs → reauthorized. Whether a new token updates the card in
 * place or registers another card is not documented (the token stands in for the number):
 * the reply is accepted, its card is listed, and the reading is reported as observed.
 */
export class ChangeToken extends ModelCommand {
  constructor(readonly customer: number, readonly card: number, readonly token: string) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0 && cardAt(customerAt(m, this.customer), this.card, 'token') !== undefined; }
  protected describe(): string { return `${OP}(customer[${this.customer}], token card[${this.card}], new token)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const card = cardAt(c, this.card, 'token')!;
    const token = r.fresh.cardToken(this.token);
    const payload = { ...card.payload, cardToken: token };
    this.begin(r, `${OP}(${c.label}, ${card.label} ${tail(card.identity)}, token → ${tail(token)}), then GetRegisteredCards`);
    const x = await writeCards(r, c, OP, payload);
    const cardId = expectUpsert(r, x, { ...card, identity: token, payload }, {
      requirement: 'STATE-TCARD-CHANGED', documentedSuccess: 'a tokenized card whose token differs is reauthorized', documented: 'a cardId',
    });
    const list = await r.call('GetRegisteredCards', { body: { customerId: c.customerId } });
    // A read after the write: a list it caches shows at the next read if the next write does not evict it.
    c.listRead = true;
    r.judge(list, { oracles: [predict.listsCard({ cardId, requirement: 'STATE-TCARD-CHANGED', documented: 'the card of the new token listed' })] });
    const listed = body(list)[responseMembers.cards];
    const shown = (id: string) => Array.isArray(listed) && listed.some((l: Record<string, unknown> | null) => sameId(l?.cardId, id));
    if (sameId(cardId, card.cardId)) {
      r.observe('STATE-TCARD-CHANGED', 'a new cardToken for a registered tokenized card updates that card in place (same cardId)');
      Object.assign(card, { identity: token, payload, listedBecause: 'STATE-TCARD-CHANGED' });
      return;
    }
    register(m, r, c, { cardId, kind: 'token', identity: token, payload, because: 'STATE-TCARD-CHANGED' });
    if (shown(card.cardId)) {
      r.observe('STATE-TCARD-CHANGED', 'a new cardToken registers another card (new cardId); the card of the old token stays listed');
      return;
    }
    r.observe('STATE-TCARD-CHANGED', 'a new cardToken replaces the card by a new entry (new cardId); the old cardId is no longer listed');
    c.cards.splice(c.cards.indexOf(card), 1);
    c.deleted.push({ cardId: card.cardId, kind: 'token', identity: card.identity, payload: card.payload });
    r.ctx.footprint.cardRemoved(card.cardId);
  }
}

/** A BIN not allowed in the network: 422 BAD_REQUEST, nothing registered. */
export class DeniedBinCard extends ModelCommand {
  constructor(readonly customer: number, readonly generated: Body) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `${OP}(customer[${this.customer}], the denied BIN)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const bin = r.ctx.profile.deniedCardBin;
    const cardToken = r.fresh.cardToken(String(this.generated.cardToken));
    this.begin(r, `${OP}(${c.label}, new token ${tail(cardToken)}, the denied BIN ${bin} of the profile)`);
    const x = await r.call(OP, { body: cardBody(r, c, this.generated, { cardToken, cardBin: bin }) });
    r.judge(x, { oracles: [predict.refusedWithRow({ requirement: 'TCARD-DENIED-BIN', row: 'BAD_REQUEST', documented: 'the account is not allowed in the network' })] });
  }
}

/**
 * A registered tokenized card sent again with the denied BIN: the network check is the
 * account's, whether it is new or updated, so it is refused as a new one is.
 */
export class DeniedBinUpdate extends ModelCommand {
  constructor(readonly customer: number, readonly card: number) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0 && cardAt(customerAt(m, this.customer), this.card, 'token') !== undefined; }
  protected describe(): string { return `${OP}(customer[${this.customer}], token card[${this.card}], BIN → the denied BIN)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const card = cardAt(c, this.card, 'token')!;
    const bin = r.ctx.profile.deniedCardBin;
    this.begin(r, `${OP}(${c.label}, ${card.label} ${tail(card.identity)}, BIN ${String(card.payload.cardBin)} → the denied BIN ${bin} of the profile)`);
    const x = await r.call(OP, { body: { ...card.payload, cardBin: bin } });
    r.judge(x, { oracles: [predict.refusedWithRow({ requirement: 'TCARD-DENIED-BIN', row: 'BAD_REQUEST', documented: 'the account is not allowed in the network, whether new or updated' })] });
  }
}

/**
 * A new tokenized card for `c`: the drawn card with a token and a BIN new by construction (fresh.ts).
 * The BIN is one none of the customer's token cards has, deleted ones included: a target may take a
 * new token with a registered card's BIN and last four for that card re-tokenized (reading
 * tcard-new-token-same-card), and the model calls this card new.
 */
function newTokenCard(r: SequenceRun, c: ModelCustomer, generated: Body): Body {
  const bins = new Set([...c.cards, ...c.deleted].filter((k) => k.kind === 'token').map((k) => String(k.payload.cardBin)));
  return { ...generated, cardToken: r.fresh.cardToken(String(generated.cardToken)), cardBin: r.fresh.cardBin(String(generated.cardBin), (bin) => bins.has(bin)) };
}

/** Tokens of letters and digits only: AccountNumberFilter lists them comma-separated. */
const token = stringOf({ chars: alnumChars, minLength: 16, maxLength: 40 });

/** The body of a new tokenized card as AddTokenizedCard takes it (the token is made new at run time). */
export function tokenCardDraw(ctx: HarnessContext): fc.Arbitrary<Body> {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  return fc
    .tuple(validPayload(operation(OP), { declinedCardNumber, deniedCardBin, includeOptional: false }), token, fc.option(digits({ length: 4 }), { nil: undefined }))
    .map(([p, t, four]) => ({ ...p.body, cardToken: t, ...(four === undefined ? {} : { lastFourOfCard: four }) }));
}

export function tokenizedCommands(ctx: HarnessContext): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  const generated = tokenCardDraw(ctx);
  return [
    fc.tuple(customer, generated).map(([i, g]) => new AddTokenizedCard(i, g)),
    fc.tuple(customer, card).map(([i, k]) => new ResubmitCard(i, k, 'token')),
    fc.tuple(customer, card, mmyy()).map(([i, k, e]) => new ChangeTokenizedExpiration(i, k, e)),
    fc.tuple(customer, card, token).map(([i, k, t]) => new ChangeToken(i, k, t)),
    fc.tuple(customer, generated).map(([i, g]) => new DeniedBinCard(i, g)),
    fc.tuple(customer, card).map(([i, k]) => new DeniedBinUpdate(i, k)),
  ];
}
