import { cardsMatchSchema, successBodyShape } from '../../checks/index.js';
import { hasResponse, is2xx } from '../../checks/support.js';
import type { Operation } from '../../contract/index.js';
import type { Oracle } from '../../oracles/judge.js';
import { predict } from '../../oracles/model/predict.js';
import type { AuditEntry } from '../entries.js';
import { spanOf, type Book, type Span } from '../state/book.js';
import { requestVerdict } from '../rules/request-verdict.js';
import { cardEventOf } from '../state/card-events.js';
import { cardIdPrediction, cardsAt } from '../state/cards.js';

/**
 * The card and linked-account rules of the States table where the traffic shows a sequence, with
 * the stateful model's own predictions (oracles/model/predict.ts): an add-or-update keeps or
 * gets a cardId as its transition says, a card list shows the cards the traffic added with the data
 * last sent and none it deleted, AuthenticateOBO gives an ssoToken to a customer holding a card.
 */

const span = spanOf;
const on2xx = (o: Oracle): Oracle => ({ ...o, applies: (x) => hasResponse(x) && is2xx(x.response.status) && o.applies(x) });

/**
 * Judged in turn, as the model judges its expectations (suites/lib/model/real.ts): a prediction
 * about the data of a reply whose shape is already wrong would only repeat that failure under
 * another row, so it waits for the shape to hold.
 */
const shapeFirst = (o: Oracle): Oracle => ({ ...o, applies: (x) => o.applies(x) && cardsMatchSchema(x, undefined).length === 0 });
const bodyFirst = (operation: string) => (o: Oracle): Oracle => ({ ...o, applies: (x) => o.applies(x) && successBodyShape(x, { operation }).length === 0 });

/** Cards the traffic never registered may be listed: they may predate the recording. */
const dropUnknown = (o: Oracle): Oracle => ({ ...o, run: (x) => o.run(x).filter((f) => !f.dedupKey.endsWith('|unknown')) });

export function cardRuleOracles(e: AuditEntry, op: Operation, book: Book): Oracle[] {
  const { body, query } = e.exchange.request;
  if (op.id === 'AddOrUpdateCard' || op.id === 'AddOrUpdateTokenizedCard') {
    const event = cardEventOf(e);
    if (!event) return [];
    const at = cardsAt(book, event.customerId, span(e));
    const p = cardIdPrediction(at, event);
    const held = at.customer.cards.find((c) => c.kind === event.cardKind && c.identity === event.identity);
    // An update that changes the last four answers for them under its transition row, as the model's lastFourFrom does
    // (suites/lib/model/card-update.ts): a reply keeping the old ones fails that row in both.
    const lastFourFrom = p?.same !== undefined && held && held.payload.lastFourOfCard !== event.payload.lastFourOfCard ? p.requirement : undefined;
    const seen = { kind: event.cardKind!, identity: event.identity, payload: event.payload, ...(lastFourFrom ? { lastFourFrom } : {}) };
    // lastFourAllowed (oracles/model/expect.ts) leaves a tokenized card's lastFourDigits unjudged when what was sent is not four digits.
    return [on2xx(predict.lastFour(seen)), ...(p ? [on2xx(predict.cardId(p))] : [])].map(shapeFirst);
  }
  if (op.id === 'GetRegisteredCards' && typeof query.customerId === 'string') {
    const { customer } = cardsAt(book, query.customerId, span(e));
    return [shapeFirst(on2xx(dropUnknown(predict.cardList(customer))))];
  }
  if (op.id === 'AuthenticateOBO') {
    const customerId = (body as Record<string, unknown> | undefined)?.customerId;
    if (typeof customerId !== 'string' || !book.customerKnown(customerId, span(e))) return [];
    // A request the field rules leave open (D41 whitespace, D42 unknown members, D43 byte order mark) may be refused.
    if (requestVerdict(op, e.exchange.request).kind !== 'valid') return [];
    // D17: a customer holding a card has a linked account; the States table says the same (both rows).
    return cardsAt(book, customerId, span(e)).customer.cards.length ? [predict.ssoToken('OBO-LINKED-ACCOUNT'), predict.ssoToken('STATE-OBO')].map(bodyFirst(op.id)) : [];
  }
  return [];
}
