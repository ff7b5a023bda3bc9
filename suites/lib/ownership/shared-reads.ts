import type { Exchange } from '../../../client/index.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { genericOracles, judge } from '../judge/oracles.js';
import { transactionIds, type ScenarioCard } from './fixtures.js';
import { othersCardUnlisted, othersTransactionsHidden, unlisted } from './oracles.js';

/** A request of the scenario's session (ownership-case.ts: a lost reply is sent again). */
type Call = (op: string, body: Record<string, unknown>) => Promise<Exchange>;

/** B's card of an identity A holds too, and A's cardId of that identity. */
export type SharedCard = readonly [theirs: ScenarioCard, held: string];

/**
 * One card identity held by two customers (D45, RESTler NamespaceRule), on the reads: once A holds
 * a card of the number or token B holds, every read that lists A's items is judged against B's.
 * A's card list holds none of B's cards; A's history, unfiltered and under the accountId of A's own
 * card of each shared identity, holds none of B's transactions (blind15: the history joined the
 * customer's cards to transactions on the card number, so B's card of the same number added its
 * transactions to A's). A transaction B's history lists for B's card is B's; A's card of the same
 * identity listing one with the same transactionId mixes the holders. Judged only where B's cards
 * list transactions (D21: a history may be empty) told apart by transactionId; `known`: B's
 * transactions read before. Sent before A's writes of those cards (shared-identity.ts), while A
 * holds them; where A holds none (D37: the registration was refused) nothing is sent.
 */
export async function sharedIdentityReads(ctx: HarnessContext, call: Call, customerId: string, stranger: string, shared: readonly SharedCard[], known: ReadonlySet<string>): Promise<CaseOutcome[]> {
  if (shared.length === 0) return [];
  const parts: CaseOutcome[] = [];
  const what = shared.map(([card]) => `card ${card.kind === 'number' ? 'number' : 'token'}`).join(' and ');
  const list = await call('GetRegisteredCards', { customerId });
  parts.push(judge(list, { oracles: [...genericOracles(ctx, list), othersCardUnlisted(shared.map(([card]) => card), `a customer holding a card of the ${what} another customer holds`)] }));
  const theirs = new Set(known);
  for (const [card] of shared) {
    const own = await call('GetTransactionHistory', { customerId: stranger, accountId: card.cardId });
    parts.push(judge(own, { oracles: genericOracles(ctx, own) }));
    transactionIds(own).forEach((id) => theirs.add(id));
  }
  if (theirs.size === 0)
    return [...parts, { exchanges: [], findings: [], checked: [], observed: { 'OWNERSHIP-CARDS': `not covered for the history: the other customer's cards of the ${what} list no transaction (D21), so this customer's history could show none of them` } }];
  const reads: Array<readonly [Record<string, unknown>, string]> = [
    [{ customerId }, `this customer (unfiltered), holding a card of the ${what} another customer holds`],
    ...shared.map(([card, held]) => [{ customerId, accountId: held }, `this customer with accountId of its own card of the ${card.kind === 'number' ? 'card number' : 'card token'} another customer holds`] as const),
  ];
  for (const [query, about] of reads) {
    const x = await call('GetTransactionHistory', query);
    parts.push(judge(x, { oracles: [...unlisted(ctx, x), othersTransactionsHidden(theirs, about)] }));
  }
  return parts;
}
