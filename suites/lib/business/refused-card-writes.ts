import { fieldWithFormat } from './cases.js';
import { operation } from '../../../contract/index.js';
import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { judgeRow } from '../judge/oracles.js';
import { accepted, samplePayload } from '../state/setup-call.js';
import { freshValues } from '../state/fresh.js';
import { rememberListedCards } from './fixtures.js';

const card = operation('AddOrUpdateCard');
const tokenized = operation('AddOrUpdateTokenizedCard');

export interface RefusedCardWrites {
  readonly outcomes: readonly CaseOutcome[];
  /** Every write was refused: no card can have been added, so the customer is still one "before any card" (D17). */
  readonly allRefused: boolean;
}

/**
 * Card writes a customer's linked account must not come from (D17: "before any card", 422 NO_LINKED_ACCOUNT):
 * a tokenized card of the profile's denied BIN (422 BAD_REQUEST), and each card write with its identifying
 * member left out (400). Real services set a has-linked-account flag on the way in, before the BIN list
 * or the validator refuses the write (blind batch 19). A declined card number is not one of them: D15 has
 * it stored "flagged invalid", and whether that links an account D17 leaves open.
 * A write the target served may have added a card (it is judged, and deleted at the suite's end): then
 * nothing more is asserted of the customer.
 */
export async function refusedCardWrites(ctx: HarnessContext, session: Session, customerId: string): Promise<RefusedCardWrites> {
  const fresh = freshValues(ctx);
  const binField = fieldWithFormat(tokenized, 'cardBin');
  const token = samplePayload(ctx, tokenized.id, { customerId });
  const denied = await ctx.client.call(tokenized.id, {
    body: { ...token, cardToken: fresh.cardToken(String(token.cardToken)), [binField]: ctx.profile.deniedCardBin },
  }, { session });
  const { [fieldWithFormat(card, 'cardNumber')]: _number, ...noNumber } = samplePayload(ctx, card.id, { customerId });
  const { cardToken: _token, ...noToken } = samplePayload(ctx, tokenized.id, { customerId }, 1);
  const invalid = [
    await ctx.client.call(card.id, { body: noNumber }, { session }),
    await ctx.client.call(tokenized.id, { body: noToken }, { session }),
  ];
  for (const x of [denied, ...invalid]) rememberListedCards(ctx, x);
  return {
    outcomes: [judgeRow(ctx, denied, 'BAD_REQUEST', { scenario: ['TCARD-DENIED-BIN'] }), ...invalid.map((x) => judgeRow(ctx, x, 'VALIDATION'))],
    allRefused: ![denied, ...invalid].some((x) => accepted(x) || x.transportError !== undefined),
  };
}
