import type fc from 'fast-check';
import { exclusiveSessionFilters, fieldRequirementId, operation } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { validAttributeList, type AttributeItem, type Payload } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { customerWithKnownCard, type CustomerWithKnownCard } from './fixtures.js';
import { ssoTokenFor } from '../state/case-state.js';
import { stateSlot } from '../state/case-state.js';
import { freshValues } from '../state/fresh.js';

/** AddSessionAttributes as the business scenarios send it: after a successful AuthenticateOBO. */

export const sattr = operation('AddSessionAttributes');
export const sessionList = sattr.fields[0]!;
export const ssoTokenName = sessionList.attributes!.allowed.find((a) => a.required)!.name;
export const [idFilter, numberFilter] = exclusiveSessionFilters;
/** "Allowed names" and the value formats: the list's FORMAT row. */
export const sessionListFormat = fieldRequirementId(sattr, sessionList, 'FORMAT');

/** Stand-ins in a generated list for the customer's own card, replaced when sent (generation stays pure). */
export const ownCardSlot = {
  cardId: stateSlot.cardId, cardNumber: 'conformance-own-card-number-slot',
  /** The token of the customer's tokenized card, and its cardId. */
  cardToken: 'conformance-own-card-token-slot', tokenCardId: 'conformance-own-token-card-id-slot',
  /** The token of the customer's third card (fixtures.ts: the three listed make the value's maximum length). */
  secondToken: 'conformance-own-second-token-slot',
  /** The own card number with its first digit changed: the same length and last four digits, another card. */
  cardNumberTwin: 'conformance-own-card-twin-slot',
  /** A cardId of no card of the customer: a GUID new by construction (state/fresh.ts), never a drawn one that might be its card's. */
  strangerId: 'conformance-stranger-card-id-slot',
} as const;

const twinOf = (n: string) => `${(Number(n[0]) + 1) % 10}${n.slice(1)}`;

/**
 * A card number or token the case calls "no card of the customer", made new when sent (state/fresh.ts):
 * one drawn alone could be the customer's own card (its number is fresh too, so never equal) and the
 * target would rightly accept the filter. The drawn value gives the shape: digits stay a card number
 * of their length, anything else a token of its length.
 */
export function stranger(ctx: HarnessContext, drawn: string): string {
  const fresh = freshValues(ctx);
  return /^[0-9]+$/.test(drawn) ? fresh.cardNumber(drawn) : fresh.cardToken(drawn);
}

/** `items` with the value of attribute `name` made a stranger (above). */
export const withStranger = (ctx: HarnessContext, items: readonly AttributeItem[], name: string): AttributeItem[] =>
  items.map((a) => (a.name === name ? { ...a, value: stranger(ctx, a.value) } : a));

/** A valid list whose SsoToken is the stand-in for the fresh token; `fixed` values by attribute name. */
export const withToken = (fixed: Record<string, string> = {}): fc.Arbitrary<AttributeItem[]> =>
  validAttributeList(sessionList, { fixed: { [ssoTokenName]: stateSlot.ssoToken, ...fixed } });

/** `value` with every stand-in replaced (a stand-in may be part of a comma-separated list). */
function resolve(ctx: HarnessContext, value: string, token: string, customer: CustomerWithKnownCard): string {
  return value === stateSlot.ssoToken ? token
    : value.replaceAll(ownCardSlot.strangerId, () => freshValues(ctx).guid()).replaceAll(ownCardSlot.cardId, customer.cardId).replaceAll(ownCardSlot.cardNumberTwin, twinOf(customer.cardNumber))
      .replaceAll(ownCardSlot.cardNumber, customer.cardNumber).replaceAll(ownCardSlot.cardToken, customer.cardToken)
      .replaceAll(ownCardSlot.tokenCardId, customer.tokenCardId).replaceAll(ownCardSlot.secondToken, customer.secondToken);
}

/**
 * AuthenticateOBO of the worker's customer holding a known card, then AddSessionAttributes
 * with `items`, stand-ins resolved. Every call gets a fresh ssoToken, so a target that spends
 * tokens (D18) still judges the rest of the list.
 */
export async function sendAfterObo(ctx: HarnessContext, enrollment: Payload, items: readonly AttributeItem[], alterToken: (token: string) => string = (t) => t): Promise<Exchange> {
  const session = await ctx.session();
  const customer = await customerWithKnownCard(ctx, enrollment);
  const token = await ssoTokenFor(ctx, session, customer.customerId);
  // `alterToken`: a near miss of the token just issued (operator issued-token-near-miss), made once it is known.
  const list = items.map((a) => ({ ...a, value: resolve(ctx, a.value, alterToken(token), customer) }));
  return ctx.client.call(sattr.id, { body: { [sessionList.name]: list } }, { session });
}
