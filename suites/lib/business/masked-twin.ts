import { responseMembers, type Operation, type RequirementId } from '../../../contract/index.js';
import { contractCells, operatorCatalogue, type Cell } from '../../../contract/operators/index.js';
import type { Session } from '../../../client/index.js';
import { transportBroken } from '../../../checks/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { combine, genericOracles, judge } from '../judge/oracles.js';
import { fixtureBody, SetupBroken } from '../state/fixture-errors.js';
import { freshValues } from '../state/fresh.js';
import { samplePayload } from '../state/setup-call.js';
import { rememberListedCards } from './fixtures.js';

/**
 * A masked twin before a documented card refusal (operator masked-twin-of-refused-card): a card
 * number or token is masked in logs, receipts and caches as its first six and last four characters,
 * and a decision cached under that form (an authorization, a network check) serves a refused card as
 * the other card of the same form. So before the refused card the case sends one the target accepts:
 * the same payload, the number or token with other characters between the kept ones (fresh.ts
 * `maskedTwin`), and where the refusal is keyed on another member (the denied BIN) a valid generated
 * value there. The refusal after it must still hold. The cell is the operator's (contract/), so a card
 * write the contract adds gets its twin with no change here.
 */

const operatorId = 'masked-twin-of-refused-card';
const operator = operatorCatalogue.find((o) => o.id === operatorId)!;

/** The member of `op` that names its card (its number or token), where the operator applies. */
export const maskedTwinCell = (op: Operation): Cell | undefined => contractCells([op]).find((c) => operator.appliesTo(c));

export interface MaskedTwin {
  /** The twin's answer, judged (the generic oracles; a refusal of the target's own observed, D37). */
  readonly outcome?: CaseOutcome;
  /** The target accepted the twin: the refusal after it answers for the operator's cell. */
  readonly served: boolean;
  readonly cell?: Cell;
}

/**
 * Sends the masked twin of the refused card `body` (a resolved payload of `op`); `keyedOn` is the
 * member the refusal is keyed on, `requirement` the refusal's row (a D37 refusal of the twin is noted there).
 */
export async function serveMaskedTwin(
  ctx: HarnessContext, session: Session, op: Operation, body: Record<string, unknown>, keyedOn: string, requirement: RequirementId,
): Promise<MaskedTwin> {
  const cell = maskedTwinCell(op);
  const value = cell ? body[cell.name] : undefined;
  const twin = typeof value === 'string' ? freshValues(ctx).maskedTwin(value) : undefined;
  if (!cell || twin === undefined) return { served: false };
  const valid = keyedOn === cell.name ? {} : { [keyedOn]: samplePayload(ctx, op.id, { customerId: body.customerId })[keyedOn] };
  const x = await ctx.client.call(op.id, { body: { ...body, ...valid, [cell.name]: twin } }, { session });
  rememberListedCards(ctx, x);
  const broken = transportBroken(x);
  if (broken) throw new SetupBroken(x, `${op.id} of the refused card's masked twin: ${broken}`);
  const what = 'the refused card\'s masked twin (the refusal after it is checked as a plain refusal only)';
  const outcome = judge(x, { oracles: genericOracles(ctx, x), ownRefusal: { foreseen: [], requirement, what } });
  if (outcome.refused) return { outcome, served: false, cell };
  // Answered out of contract (a 400 or 5xx to a valid card): failed there, and the refusal is blocked by it.
  fixtureBody(ctx, x, { what: `${op.id} of a refused card's masked twin`, operation: op.id, member: [responseMembers.cards, 0, 'cardId'] });
  return { outcome, served: true, cell };
}

/** The refusal's outcome after its twin: both exchanges, and the operator's pair where the twin was served. */
export function afterMaskedTwin(twin: MaskedTwin, refusal: CaseOutcome): CaseOutcome {
  const joined = combine([...(twin.outcome ? [twin.outcome] : []), refusal]);
  return twin.served && twin.cell ? { ...joined, operatorPairs: [...(joined.operatorPairs ?? []), { operator: operatorId, cell: twin.cell.id }] } : joined;
}
