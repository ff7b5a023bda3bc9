/**
 * The card the update-path operators name (violation-on-update, format-break-on-update): one card of
 * each kind per worker and customer, reused by every case that needs one, while it is still held. A
 * rejected update leaves the card as it was, so it stays on the update path for the next case; a card
 * per case cost three requests (the add, the case, the clean-up delete), paid against the 2,000 of a run.
 */
import type { Session } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import { numberCard, tokenCard, type ScenarioCard } from '../ownership/fixtures.js';

/**
 * Operator identity-with-separators writes this card in fours with spaces or dashes: only up to 18
 * digits does that fit the length column of 19 (grouped-state.ts `fitted`), so the near miss breaks
 * the FORMAT row it is about. A 19-digit card broke LENGTH instead, on the workers whose draw was 19
 * digits long (the card's draw follows the process id: CI failed card-number-spaces-read-on-update so).
 */
const groupableDigits = 18;

const cards = new WeakMap<HarnessContext['footprint'], Map<string, Promise<ScenarioCard>>>();

/** A card of `kind` that `customerId` holds: the worker's earlier one while it is still held (not yet cleaned up), else a new one. */
export async function registeredCard(ctx: HarnessContext, session: Session, customerId: string, kind: 'number' | 'token'): Promise<ScenarioCard> {
  const mine = cards.get(ctx.footprint) ?? new Map<string, Promise<ScenarioCard>>();
  cards.set(ctx.footprint, mine);
  const key = `${kind} ${customerId}`;
  const earlier = mine.get(key);
  if (earlier) {
    const card = await earlier.catch(() => undefined);
    if (card && ctx.footprint.remaining().some((c) => c.cardId === card.cardId)) return card;
  }
  const made = kind === 'number' ? numberCard(ctx, session, customerId, {}, groupableDigits) : tokenCard(ctx, session, customerId);
  mine.set(key, made);
  return made;
}
