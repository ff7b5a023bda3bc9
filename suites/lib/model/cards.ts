import fc from 'fast-check';
import type { RequirementId } from '../../../contract/requirements.js';
import { operation } from '../../../contract/index.js';
import { legacyOrProblemError } from '../../../checks/index.js';
import { mmyy, validPayload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { cardBody, expectUpsert, knownIds, nickname, nicknameChange, register } from './card-common.js';
import { compareCardList, writeCards } from './card-list.js';
import { ReaddCard } from './card-readd.js';
import { ModelCommand } from './command.js';
import { byCheck } from '../../../oracles/model/predict.js';
import type { SequenceRun } from './real.js';
import { cardAt, customerAt, customerWith, maxCustomers, tail, type Model, type ModelCard, type ModelCustomer } from '../../../oracles/model/state.js';
import { AddOtherCustomersNumber } from './card-shared-number.js';

type Body = Record<string, unknown>;
const OP = 'AddOrUpdateCard';

/** A new card number for the customer: registered, with a new cardId. */
export class AddCard extends ModelCommand {
  constructor(readonly customer: number, readonly generated: Body) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `AddOrUpdateCard(customer[${this.customer}], new card ${tail(String(this.generated.cardNumber))})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    // The drawn number gives the shape; the number sent is new by construction (fresh.ts).
    const payload = cardBody(r, c, { ...this.generated, cardNumber: r.fresh.cardNumber(String(this.generated.cardNumber)) });
    const identity = String(payload.cardNumber);
    this.begin(r, `AddOrUpdateCard(${c.label}, new card ${tail(identity)}, expiration ${String(payload.expirationMonthYear)})`);
    const x = await writeCards(r, c, OP, payload);
    const cardId = expectUpsert(r, x, { kind: 'number', identity, payload }, {
      requirement: 'CARD-SUCCESS', notAny: knownIds(m), documentedSuccess: 'a new card is registered', documented: 'a new card gets a cardId of its own',
      refusable: 'a generated new card',
    });
    if (cardId === undefined) return;
    register(m, r, c, { cardId, kind: 'number', identity, payload, because: 'CARD-SUCCESS' });
  }
}

/** States: identical data on a registered card → unchanged, the same cardId. */
export class ResubmitCard extends ModelCommand {
  constructor(readonly customer: number, readonly card: number, readonly kind: 'number' | 'token') { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0 && cardAt(customerAt(m, this.customer), this.card, this.kind) !== undefined; }
  protected describe(): string { return `${this.kind === 'number' ? OP : 'AddOrUpdateTokenizedCard'}(customer[${this.customer}], card[${this.card}], identical data)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const card = cardAt(c, this.card, this.kind)!;
    const op = this.kind === 'number' ? OP : 'AddOrUpdateTokenizedCard';
    this.begin(r, `${op}(${c.label}, ${card.label} ${tail(card.identity)}, identical data)`);
    const x = await r.call(op, { body: card.payload });
    // A write like any other: the list after it is read before the customer's next write (writeCards), so a list the
    // resubmission spoilt shows before another write can hide it. No read before it: "unchanged" asks for none more.
    c.listRead = false;
    expectUpsert(r, x, card, {
      requirement: 'STATE-CARD-IDENTICAL', same: card.cardId,
      documentedSuccess: 'identical data leaves the registered card unchanged', documented: 'the same cardId (the card is unchanged)',
    });
    card.listedBecause = 'STATE-CARD-IDENTICAL';
  }
}

/**
 * Fields of a card whose change the model can make. The list shows the expiration and the
 * nickname last sent; an address change is not observable (the Card resource has no address field).
 */
export type CardChange = { field: 'expirationMonthYear' | 'cardNickname' | 'addressLine1' | 'city'; value: string };

/** States: any card data differs → reauthorized; the same cardId, the new values stored. */
export class ChangeCard extends ModelCommand {
  constructor(readonly customer: number, readonly card: number, readonly change: CardChange) { super(); }
  /** The customer's card this change applies to, if the change would change it. */
  private changes(c: ModelCustomer): ModelCard | undefined {
    const card = cardAt(c, this.card, 'number');
    const { field, value } = this.change;
    return card !== undefined && card.payload[field] !== value && !(field === 'cardNickname' && String(card.payload[field]).endsWith(value)) ? card : undefined;
  }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, (c) => this.changes(c) !== undefined) !== undefined; }
  protected describe(): string { return `AddOrUpdateCard(customer[${this.customer}], card[${this.card}], ${this.change.field} changed)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, (k) => this.changes(k) !== undefined)!;
    const card = this.changes(c)!;
    const value = this.change.field === 'cardNickname' ? nickname(r, this.change.value) : this.change.value;
    const payload = { ...card.payload, [this.change.field]: value };
    const shown = this.change.field === 'expirationMonthYear' || this.change.field === 'cardNickname' ? ` → ${value}` : '';
    // A nickname is seen only in the list: it is looked at at once, before a later command deletes the card.
    const listed = this.change.field === 'cardNickname' ? ', then GetRegisteredCards' : '';
    this.begin(r, `${OP}(${c.label}, ${card.label} ${tail(card.identity)}, ${this.change.field} changed${shown})${listed}`);
    const x = await writeCards(r, c, OP, payload);
    expectUpsert(r, x, { ...card, payload }, {
      requirement: 'STATE-CARD-CHANGED', same: card.cardId,
      documentedSuccess: 'changed card data is reauthorized and stored', documented: 'the same cardId after a change of card data',
    });
    card.payload = payload;
    card.listedBecause = 'STATE-CARD-CHANGED';
    if (this.change.field === 'expirationMonthYear') card.expirationFrom = 'STATE-CARD-CHANGED';
    if (this.change.field !== 'cardNickname') return;
    card.nicknameFrom = 'STATE-CARD-CHANGED';
    await compareCardList(r, c);
  }
}

/** D15: the declining card → a 4xx with an error code and message; the card is flagged invalid. */
export class DeclinedCard extends ModelCommand {
  constructor(readonly customer: number, readonly generated: Body) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0 && customerAt(m, this.customer).declined.length === 0; }
  protected describe(): string { return `AddOrUpdateCard(customer[${this.customer}], the declining card)`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerAt(m, this.customer);
    const number = r.ctx.profile.declinedCardNumber;
    this.begin(r, `${OP}(${c.label}, the declining card ${tail(number)} of the profile)`);
    const x = await r.call(OP, { body: cardBody(r, c, this.generated, { cardNumber: number }) });
    c.declined.push(number.slice(-4));
    const refusal = (requirement: RequirementId) => byCheck(legacyOrProblemError, { operation: OP, requirement });
    r.judge(x, { oracles: [refusal('CARD-AUTH-FAILURE'), refusal('STATE-CARD-AUTH-FAILED')] });
  }
}

type Command = fc.Arbitrary<ModelCommand>;

/** The card commands, each by name (a property weighs some more), and all of them in drawing order. */
export interface CardCommands {
  readonly add: fc.Arbitrary<AddCard>;
  readonly resubmit: Command;
  readonly changeExpiration: Command;
  readonly changeNickname: Command;
  readonly readd: Command;
  readonly all: readonly Command[];
}

export function cardCommands(ctx: HarnessContext): CardCommands {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  const customer = fc.nat({ max: maxCustomers - 1 });
  const card = fc.nat({ max: 5 });
  const generated = validPayload(operation(OP), { declinedCardNumber, deniedCardBin, includeOptional: 'random' }).map((p) => p.body ?? {});
  // One command per observable change, so the coverage sequence (one draw of each command) meets
  // an expiration change and a nickname change whatever the seed; an address change is not observable.
  const changeOf = (change: fc.Arbitrary<CardChange>) => fc.tuple(customer, card, change).map(([i, k, ch]) => new ChangeCard(i, k, ch));
  const commands = {
    add: fc.tuple(customer, generated).map(([i, g]) => new AddCard(i, g)),
    resubmit: fc.tuple(customer, card).map(([i, k]) => new ResubmitCard(i, k, 'number')),
    changeExpiration: changeOf(mmyy().map((value) => ({ field: 'expirationMonthYear' as const, value }))),
    changeNickname: changeOf(nicknameChange.map((value) => ({ field: 'cardNickname' as const, value }))),
    changeAddress: changeOf(fc.oneof(
      generated.map((g) => ({ field: 'addressLine1' as const, value: String(g.addressLine1) })),
      generated.map((g) => ({ field: 'city' as const, value: String(g.city) })),
    )),
    readd: fc.tuple(customer, card).map(([i, k]) => new ReaddCard(i, k)),
    declined: fc.tuple(customer, generated).map(([i, g]) => new DeclinedCard(i, g)),
    othersNumber: fc.tuple(customer, card, generated).map(([i, k, g]) => new AddOtherCustomersNumber(i, k, g)),
  };
  return { ...commands, all: Object.values(commands) };
}
