import fc from 'fast-check';
import { exclusiveSessionFilters, responseMembers } from '../../../contract/index.js';
import { successBodyShape } from '../../../checks/index.js';
import { alnumChars, cardNumber, email, stringOf } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { Oracle } from '../../../oracles/judge.js';
import { ModelCommand } from './command.js';
import { SessionAttributesBeforeObo, SessionAttributesWithForeignToken } from './obo-refusals.js';
import { byCheck, predict } from '../../../oracles/model/predict.js';
import { body, ok, type SequenceRun } from './real.js';
import { customerWith, foreignCards, holdsCard, preferredCustomer, maxCustomers, type Model, type ModelCustomer } from '../../../oracles/model/state.js';

const [idFilter, numberFilter] = exclusiveSessionFilters;

/**
 * D17: before the customer ever held a card, 422 NO_LINKED_ACCOUNT; while it holds one, an ssoToken
 * (a card added again after all were deleted included). After all its cards were deleted the register
 * asserts nothing (D17's column names "before any card" and "after a card was added" only; whether a
 * deleted card leaves the account linked is the target's reading), nor when a card of its was declined
 * (D15) or it is a customer found again whose earlier cards are not known.
 */
function linkedAccount(c: ModelCustomer): Oracle[] {
  // The States table says the same as D17 for a customer holding a card: both rows answer for it.
  if (c.cards.length > 0) return [predict.ssoToken('OBO-LINKED-ACCOUNT'), predict.ssoToken('STATE-OBO')];
  if (c.everHadCard || c.pastUnknown || c.declined.length > 0) return [];
  return [predict.refusedWithRow({ requirement: 'OBO-LINKED-ACCOUNT', row: 'NO_LINKED_ACCOUNT', documented: 'the customer never held a card (D17)' })];
}

/** AuthenticateOBO as the model predicts it; returns the token, when one was issued. */
export async function authenticateObo(m: Model, r: SequenceRun, c: ModelCustomer): Promise<string | undefined> {
  const x = await r.call('AuthenticateOBO', { body: { customerId: c.customerId } });
  // Whatever the model predicts, a success carries the documented ssoToken (OBO-SUCCESS).
  r.judge(x, { oracles: [byCheck(successBodyShape, { operation: 'AuthenticateOBO' })] }, { oracles: linkedAccount(c) });
  const token = body(x)[responseMembers.ssoToken];
  if (!ok(x) || typeof token !== 'string') return undefined;
  r.ctx.client.redactor.learn(token, 'ssoToken');
  m.session.oboDone = true;
  return token;
}

const onlyTokens = (c: ModelCustomer): boolean => holdsCard(c) && c.cards.every((card) => card.kind === 'token');

/** `tokenizedOnly` prefers a customer whose cards are all tokenized: a card is a linked account whatever its kind. */
export class AuthenticateObo extends ModelCommand {
  constructor(readonly customer: number, readonly tokenizedOnly = false) { super(); }
  check(m: Readonly<Model>): boolean { return m.customers.length > 0; }
  protected describe(): string { return `AuthenticateOBO(customer[${this.customer}])`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = preferredCustomer(m, this.customer, this.tokenizedOnly ? onlyTokens : undefined);
    const holds = c.cards.length ? `holds ${c.cards.map((k) => k.label).join(', ')}` : c.everHadCard ? 'holds no card any more' : 'never held a card';
    this.begin(r, `AuthenticateOBO(${c.label}, which ${holds})`);
    await authenticateObo(m, r, c);
  }
}

export type FilterVariant = 'none' | 'own-ids' | 'own-numbers' | 'foreign-id' | 'foreign-number' | 'both';

export interface FilterParams {
  readonly variant: FilterVariant;
  /** Picks the customer's cards to name (bit i: the i-th card). */
  readonly pick: number;
  /** The shape of a card number never registered (made new at run time). */
  readonly strangerNumber: string;
  readonly preferredEmail: string | undefined;
}

/**
 * The filter attributes of a variant, naming the customer's own cards or a stranger's. A stranger
 * (a cardId of no card, a number never registered) is new by construction (fresh.ts): a drawn one
 * could be a card the customer holds, and the target would rightly accept the filter.
 */
function filters(m: Readonly<Model>, r: SequenceRun, c: ModelCustomer, p: FilterParams): { items: Array<[string, string]>; said: string } {
  const own = c.cards.filter((_, i) => (p.pick >> i) & 1);
  const chosen = own.length ? own : c.cards.slice(0, 1);
  const ids = chosen.map((k) => k.cardId).join(',');
  const numbers = chosen.map((k) => k.identity).join(',');
  const other = foreignCards(m, c)[p.pick % Math.max(1, foreignCards(m, c).length)];
  const names = chosen.map((k) => k.label).join(' and ');
  switch (p.variant) {
    case 'none': return { items: [], said: 'no filter' };
    case 'own-ids': return { items: [[idFilter, ids]], said: `${idFilter} of its ${names}` };
    case 'own-numbers': return { items: [[numberFilter, numbers]], said: `${numberFilter} of its ${names}` };
    case 'both': return { items: [[idFilter, ids], [numberFilter, numbers]], said: `both filters, of its ${names}` };
    case 'foreign-id': return { items: [[idFilter, other?.cardId ?? r.fresh.guid()]], said: `${idFilter} naming ${other ? `${other.label} of another customer` : 'a cardId of no card'}` };
    case 'foreign-number': return { items: [[numberFilter, other?.identity ?? r.fresh.cardNumber(p.strangerNumber)]], said: `${numberFilter} naming ${other ? `${other.label} of another customer` : 'a card number never registered'}` };
  }
}

/** D19: filters naming the customer's own cards are accepted; a card not its own, or both filters, are refused. */
function filterAnswer(v: FilterVariant): Oracle {
  if (v === 'none') return predict.accepted({ requirement: 'STATE-SESSION-ATTRIBUTES', documented: 'attributes with the session\'s ssoToken are accepted after AuthenticateOBO', proves: false });
  if (v === 'own-ids' || v === 'own-numbers') return predict.accepted({ requirement: 'SATTR-FILTERS', documented: 'a filter naming the customer\'s own cards is accepted' });
  const documented = v === 'both' ? 'the two filters are mutually exclusive' : 'the filter names a card that is not the customer\'s';
  return predict.refusedWithRow({ requirement: 'SATTR-FILTERS', row: 'INVALID_INFORMATION', documented });
}

/**
 * AuthenticateOBO for a customer holding a card (a fresh ssoToken each time, D18), then
 * AddSessionAttributes: filters naming its own cards are accepted; a card that is not its
 * own, or both filters at once, is 422 INVALID_INFORMATION (D19).
 */
export class AddSessionAttributes extends ModelCommand {
  constructor(readonly customer: number, readonly params: FilterParams) { super(); }
  check(m: Readonly<Model>): boolean { return customerWith(m, this.customer, holdsCard) !== undefined; }
  protected describe(): string { return `AuthenticateOBO + AddSessionAttributes(customer[${this.customer}], ${this.params.variant})`; }
  protected async act(m: Model, r: SequenceRun): Promise<void> {
    const c = customerWith(m, this.customer, holdsCard)!;
    const f = filters(m, r, c, this.params);
    const email = this.params.preferredEmail ? ', PreferredEmail' : '';
    this.begin(r, `AuthenticateOBO(${c.label}) then AddSessionAttributes(SsoToken${email}, ${f.said})`);
    const token = await authenticateObo(m, r, c);
    if (token === undefined) return;
    const items: Array<[string, string]> = [['SsoToken', token], ...(this.params.preferredEmail ? [['PreferredEmail', this.params.preferredEmail] as [string, string]] : []), ...f.items];
    const x = await r.call('AddSessionAttributes', { body: { sessionAttributes: items.map(([name, value]) => ({ name, value })) } });
    r.judge(x, { oracles: [filterAnswer(this.params.variant)] });
    if (ok(x)) for (const [name, value] of items) m.session.attributes[name] = value;
  }
}

export function oboCommands(ctx: HarnessContext): Array<fc.Arbitrary<ModelCommand>> {
  const customer = fc.nat({ max: maxCustomers - 1 });
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  const params = (...variants: FilterVariant[]): fc.Arbitrary<FilterParams> => fc.record({
    variant: fc.constantFrom(...variants),
    pick: fc.nat({ max: 63 }),
    strangerNumber: cardNumber({ declinedCardNumber, deniedCardBin, length: 16 }),
    preferredEmail: fc.option(email({ maxLength: 60 }), { nil: undefined }),
  });
  return [
    ...[false, true].map((tokenizedOnly) => customer.map((i) => new AuthenticateObo(i, tokenizedOnly))),
    // One command per answer (accepted, a card not the customer's, both filters), so the coverage
    // sequence (one draw of each command) sends each whatever the seed.
    ...[params('none', 'own-ids', 'own-numbers'), params('foreign-id', 'foreign-number'), params('both')]
      .map((p) => fc.tuple(customer, p).map(([i, v]) => new AddSessionAttributes(i, v))),
    stringOf({ chars: alnumChars, minLength: 32, maxLength: 43 }).map((t) => new SessionAttributesBeforeObo(t)),
    customer.map((i) => new SessionAttributesWithForeignToken(i)),
  ];
}
