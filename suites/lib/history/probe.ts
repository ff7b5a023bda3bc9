import fc from 'fast-check';
import { history, responseMembers } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import type { Transaction } from '../../../checks/history.js';
import { cardNumber } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { enrollCustomer } from '../state/enrolment.js';
import { familyHistoryCustomer } from './family-customer.js';
import { FixtureError } from '../state/fixture-errors.js';
import { mayWrite } from '../state/setup-call.js';
import { addCardUnlessRefused, addTokenizedCard, deleteCard, updateCard, type FixtureCard } from '../state/cards.js';
import { ownReasonRefusal } from '../../../oracles/refusals.js';
import type { Session } from '../../../client/index.js';
import { memoPerKey } from '../state/memo.js';
import { pageTransactions } from '../../../oracles/history-page.js';
import type { Responded } from '../../../checks/support.js';
import { isBrokenError } from '../runner/stop.js';

/**
 * The customer whose history the history suite reads (D21: no operation creates
 * transactions). Sandbox: a customer enrolled by this run (or the run family's, found again with
 * nothing in its history, family-customer.ts) with several cards, so the
 * accountId filter has other cards' transactions to leave out. Production: the fixture
 * customer (TARGET_FIXTURE_CUSTOMER_ID).
 */
export interface HistoryCustomer {
  readonly customerId: string;
  /** The customer's cards as GetRegisteredCards lists them. */
  readonly cards: ReadonlyArray<{ readonly cardId: string; readonly lastFourDigits?: string }>;
  /** Card numbers and SSN this run sent for the customer: no history reply may carry them. */
  readonly secrets: readonly string[];
  /**
   * True for a customer this run enrolled (or found again with an empty history), whose cards it registered with distinct
   * last four digits (by number, and one tokenized with its lastFourOfCard) and never deletes after the reads began (one
   * more card is deleted before them): those digits then name one card's transactions alone.
   */
  readonly createdByRun: boolean;
}

/** Cards given to the sandbox customer: distinct last four digits tell their transactions apart. */
export const historyCards = 3;
/**
 * Cards given at most while the default page is not full: a target's history per card may be
 * short, and a history that fits one page leaves the paging and default-page rules unchecked.
 */
export const historyCardsAtMost = 6;

/** Made again after transport trouble (runner/rerun.ts); a refusal is remembered. */
export const historyCustomer = memoPerKey((ctx: HarnessContext) => makeHistoryCustomer(ctx), (error) => !isBrokenError(error));

function distinctNumbers(ctx: HarnessContext): string[] {
  const { declinedCardNumber, deniedCardBin } = ctx.profile;
  const numbers = fc.sample(cardNumber({ declinedCardNumber, deniedCardBin, length: 16 }), { seed: ctx.runSeed, numRuns: 50 });
  // More candidates than cards: a target may decline some generated numbers for a reason of its own (D37).
  return numbers.filter((n, i) => numbers.findIndex((m) => m.slice(-4) === n.slice(-4)) === i).slice(0, historyCardsAtMost * 3);
}

async function makeHistoryCustomer(ctx: HarnessContext): Promise<HistoryCustomer> {
  const session = await ctx.session();
  let customerId: string;
  const secrets: string[] = [];
  if (mayWrite(ctx)) {
    // The run family's history customer where it is as good as a new one (family-customer.ts), else a new one.
    const enrolled = (await familyHistoryCustomer(ctx, session)) ?? (await enrollCustomer(ctx, session));
    customerId = enrolled.customerId;
    secrets.push(enrolled.ssn);
    let added = 0;
    let firstCard: FixtureCard | undefined;
    const numbers = distinctNumbers(ctx);
    const tried = new Set<string>();
    for (const number of numbers) {
      if (added >= historyCards && (added === historyCardsAtMost || (await defaultPageFull(ctx, customerId)))) break;
      tried.add(number);
      const card = await addCardUnlessRefused(ctx, session, customerId, number);
      if (!card) continue;
      firstCard ??= card;
      added += 1;
      secrets.push(number);
    }
    const tokenCard = await addTokenizedHistoryCard(ctx, session, customerId, secrets);
    // One card of each kind goes through the update path before any read: the history of a card
    // is the same card's after its data changed (blind9: a filter lost on update).
    if (firstCard) await updateCard(ctx, session, customerId, 'AddOrUpdateCard', firstCard);
    if (tokenCard) await updateCard(ctx, session, customerId, 'AddOrUpdateTokenizedCard', tokenCard);
    // And one card more is added and deleted before any read: every history oracle then reads the remaining
    // cards' history after a DeleteCard (blind11: the history rebuilt after a delete was left unsorted).
    await addAndDelete(ctx, session, customerId, numbers.filter((n) => !tried.has(n)), secrets);
  } else {
    const fixture = ctx.profile.fixtures.customerId;
    if (!fixture) throw new FixtureError('TARGET_PROFILE=production needs TARGET_FIXTURE_CUSTOMER_ID to read a transaction history');
    customerId = fixture;
  }
  const x = await ctx.client.call('GetRegisteredCards', { body: { customerId } }, { session });
  const cards = (x.response?.json as Record<string, unknown> | undefined)?.[responseMembers.cards];
  if (!Array.isArray(cards)) throw new FixtureError(`GetRegisteredCards of the history customer was answered ${x.response?.status ?? x.transportError?.code}`);
  return {
    customerId,
    secrets,
    createdByRun: mayWrite(ctx),
    cards: cards.filter((c): c is Record<string, unknown> => !!c && typeof c.cardId === 'string')
      .map((c) => ({ cardId: String(c.cardId), ...(typeof c.lastFourDigits === 'string' ? { lastFourDigits: c.lastFourDigits } : {}) })),
  };
}

/** A card added and deleted at once (its last four digits no kept card's); a refused number adds nothing and the next is tried. */
async function addAndDelete(ctx: HarnessContext, session: Session, customerId: string, unused: readonly string[], secrets: string[]): Promise<void> {
  for (const number of unused.slice(0, 3)) {
    const card = await addCardUnlessRefused(ctx, session, customerId, number);
    if (!card) continue;
    secrets.push(number);
    await deleteCard(ctx, session, customerId, card.cardId);
    return;
  }
}

/**
 * One tokenized card besides the numbered ones, its lastFourOfCard four digits no numbered card ends
 * with, so each kind of card is filtered on (a filter joined to card numbers only returns nothing for
 * a token's cardId, blind7). A refusal for the target's own reasons (D37) leaves the numbered cards.
 */
async function addTokenizedHistoryCard(ctx: HarnessContext, session: Session, customerId: string, numbers: readonly string[]): Promise<FixtureCard | undefined> {
  const taken = new Set(numbers.map((n) => n.slice(-4)));
  const lastFourOfCard = ['4321', '8765', '2468', '1357'].find((four) => !taken.has(four))!;
  try {
    return await addTokenizedCard(ctx, session, customerId, { lastFourOfCard });
  } catch (error) {
    if (!(error instanceof FixtureError && error.exchange && ownReasonRefusal(error.exchange))) throw error;
    return undefined;
  }
}

async function defaultPageFull(ctx: HarnessContext, customerId: string): Promise<boolean> {
  const page = await historyPage(ctx, customerId);
  // Transport trouble or a refusal: the suite's own cases will meet it; more cards would not help.
  return !page.ok || page.transactions.length >= history.defaultPageSize;
}

export interface HistoryQuery {
  readonly pageSize?: number;
  readonly pagingTransactionReferenceNumber?: string;
  readonly accountId?: string;
}

export interface HistoryPage {
  readonly exchange: Exchange;
  readonly ok: boolean;
  /** Well-formed transactions in list order (malformed ones are historyMatchesSchema's concern). */
  readonly transactions: Transaction[];
  readonly totalRecords: unknown;
}

/** One GetTransactionHistory request of the customer. */
export async function historyPage(ctx: HarnessContext, customerId: string, query: HistoryQuery = {}): Promise<HistoryPage> {
  const session = await ctx.session();
  const exchange = await ctx.client.call('GetTransactionHistory', { body: { customerId, ...query } }, { session });
  const json = exchange.response?.json as Record<string, unknown> | undefined;
  // The well-formed items as the page oracles read them (oracles/history-page.ts), kept to the members the suite uses.
  const transactions = (exchange.response ? pageTransactions(exchange as Responded) : []).map(({ transactionId, createdOn, lastFourDigitsOfCard: four }) => ({
    transactionId, createdOn, ...(typeof four === 'string' ? { lastFourDigitsOfCard: four } : {}),
  }));
  const status = exchange.response?.status ?? 0;
  return { exchange, ok: status >= 200 && status < 300, transactions, totalRecords: json?.[history.totalMember] };
}
