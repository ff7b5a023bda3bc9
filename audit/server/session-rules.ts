import { genericRefusal } from '../../checks/index.js';
import { exclusiveSessionFilters, sessionHeaders, type Operation } from '../../contract/index.js';
import { oracle, type Expected } from '../../oracles/judge.js';
import { predict } from '../../oracles/model/predict.js';
import type { AuditEntry } from '../entries.js';
import type { RequestVerdict } from '../rules/request-verdict.js';
import { before, overlap, spanOf, type Book, type Span } from '../state/book.js';
import { cardsAt } from '../state/cards.js';
import { fieldRules, rowExpected } from './payload-rows.js';

/**
 * Scenario rules where the traffic holds the whole story of a session or a customer (D17, D19):
 * AddSessionAttributes before any AuthenticateOBO of a session the traffic opened is refused;
 * after it, an SsoToken never issued, both filters at once, or a card of another customer is 422
 * INVALID_INFORMATION, and the customer's own cards are accepted; AuthenticateOBO for a customer
 * enrolled in this traffic who never held a card is 422 NO_LINKED_ACCOUNT.
 */

const [idFilter, numberFilter] = exclusiveSessionFilters;
const span = spanOf;
type Item = { name: string; value: string };

function items(e: AuditEntry): Item[] {
  const list = (e.exchange.request.body as Record<string, unknown> | undefined)?.sessionAttributes;
  return Array.isArray(list) ? list.filter((i): i is Item => !!i && typeof i.name === 'string' && typeof i.value === 'string') : [];
}

/** What names a card in `filter`: its id (lower case) in AccountIdFilter, its number or token in AccountNumberFilter; both where none is given. */
type Kind = typeof idFilter | typeof numberFilter | undefined;
const namesOf = (c: { cardId?: string | undefined; identity?: string | undefined }, kind: Kind): string[] => [
  ...(kind !== numberFilter && c.cardId ? [c.cardId.toLowerCase()] : []), ...(kind !== idFilter && c.identity ? [c.identity] : []),
];

/**
 * Card ids and numbers or tokens the traffic proves a customer holds at `at`, of the kind `kind` names: a
 * customer's own cardId is no card number (blind12: AccountNumberFilter took cardIds), nor its number a card GUID.
 */
function holdings(book: Book, customerId: string, at: Span, kind?: Kind): Set<string> {
  return new Set(cardsAt(book, customerId, at).customer.cards.filter((c) => !c.mayBeGone).flatMap((c) => namesOf(c, kind)));
}

/**
 * Every card id or number and token (as `kind` names them) the customer was ever associated with, when the traffic holds
 * its whole story (enrolled in it, no card change in flight); undefined otherwise.
 */
function wholeCardStory(book: Book, customerId: string, e: AuditEntry, kind: Kind): Set<string> | undefined {
  const enrolment = book.enrolled(customerId);
  if (!enrolment || !before(enrolment, span(e)) || cardsAt(book, customerId, span(e)).uncertain.size) return undefined;
  return new Set(book.cardEventsOf(customerId).filter((x) => !before(span(e), x)).flatMap((x) => namesOf(x, kind)).filter(Boolean));
}

function attributes(e: AuditEntry, op: Operation, book: Book): Expected | undefined {
  const sessionId = e.exchange.request.headers[sessionHeaders.sessionId.toLowerCase()];
  const opened = sessionId ? book.sessions.get(sessionId) : undefined;
  if (!sessionId || !opened || !before(opened, span(e))) return undefined;
  const obo = (book.obo.get(sessionId) ?? []).filter((o) => o.index !== e.index);
  if (obo.some((o) => overlap(o, span(e)))) return undefined;
  const done = obo.filter((o) => o.ok && before(o, span(e)));
  if (done.length === 0) {
    const refusal = (requirement: 'SATTR-AFTER-OBO' | 'STATE-SESSION-ATTRIBUTES') => oracle(genericRefusal, { operation: op.id, requirement }, requirement);
    return { oracles: [refusal('SATTR-AFTER-OBO'), refusal('STATE-SESSION-ATTRIBUTES')] };
  }
  const list = items(e);
  const token = list.find((i) => i.name === 'SsoToken')?.value;
  if (token !== undefined && !book.ssoTokens.has(token)) return rowExpected(op, 'INVALID_INFORMATION');
  const filters = list.filter((i) => i.name === idFilter || i.name === numberFilter);
  if (filters.length === 0) return undefined;
  if (filters.length > 1) return rowExpected(op, 'INVALID_INFORMATION', ['SATTR-FILTERS']);
  const latest = done[done.length - 1]!;
  const customerId = latest.customerId;
  if (!customerId) return undefined;
  const named = filters[0]!.value.split(',').map((v) => v.trim()).map((v) => (filters[0]!.name === idFilter ? v.toLowerCase() : v));
  const kind = filters[0]!.name as Kind;
  const own = holdings(book, customerId, span(e), kind);
  const others = [...book.cardEvents.keys()].filter((c) => c !== customerId.toLowerCase()).flatMap((c) => [...holdings(book, c, span(e))]);
  // A customer enrolled in this traffic has no card the traffic did not show: anything else it names is not its own.
  const story = wholeCardStory(book, customerId, e, kind);
  if (named.some((v) => !own.has(v) && (others.includes(v) || (story && !story.has(v))))) return rowExpected(op, 'INVALID_INFORMATION', ['SATTR-FILTERS']);
  if (named.every((v) => own.has(v)) && token === latest.ssoToken) {
    const accepted = fieldRules({ kind: 'accepted', operation: op.id, allowedBusinessErrors: [] });
    return { ...accepted, oracles: [...accepted.oracles, predict.accepted({ requirement: 'SATTR-FILTERS', documented: 'a filter naming the customer\'s own cards is accepted' })] };
  }
  return undefined;
}

function linkedAccount(e: AuditEntry, op: Operation, book: Book): Expected | undefined {
  const customerId = (e.exchange.request.body as Record<string, unknown> | undefined)?.customerId;
  if (typeof customerId !== 'string') return undefined;
  const enrolment = book.enrolled(customerId);
  if (!enrolment || !before(enrolment, span(e)) || cardsAt(book, customerId, span(e)).attempted) return undefined;
  return rowExpected(op, 'NO_LINKED_ACCOUNT', ['OBO-LINKED-ACCOUNT']);
}

/** The scenario's expectation where it decides the answer, or undefined to judge the payload alone. */
export function sessionRuleExpected(e: AuditEntry, op: Operation, verdict: RequestVerdict, book: Book): Expected | undefined {
  if (op.id === 'AddSessionAttributes') {
    const expected = attributes(e, op, book);
    // Before AuthenticateOBO the refusal is asserted whatever the list; the rest only for a well-formed one.
    return expected && (verdict.kind === 'valid' || expected.oracles.some((o) => o.id === 'genericRefusal')) ? expected : undefined;
  }
  if (op.id === 'AuthenticateOBO' && verdict.kind === 'valid') return linkedAccount(e, op, book);
  return undefined;
}
