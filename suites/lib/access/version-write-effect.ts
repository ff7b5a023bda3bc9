import { errorRow, operation, responseMembers, type Operation, type RequirementId } from '../../../contract/index.js';
import type { Exchange } from '../../../client/index.js';
import { finding, is2xx } from '../../../checks/support.js';
import { enrolledIdFound } from '../../../oracles/model/expect.js';
import type { Oracle } from '../../../oracles/judge.js';
import type { Responded } from '../../../checks/support.js';
import { cardWriteRow, removalRow, removesCard, shownCardFields, writesCard, enrolsCustomer } from './write-effect-cells.js';

/**
 * What the versioning suite's writes, served with apiVersion in the header or the query string, must
 * have done (classes20a, blind20: a query-versioned DeleteCard answered 200 and left the card listed;
 * the answer alone was judged). Every served write is noted in the order sent; the suite reads the
 * effects back once after all of them (version-read-back.ts): one card list for every card written or
 * removed, one lookup per customer enrolled.
 */
export type Way = 'header' | 'query';
interface CardEffect { cardId: string; customerId: string; op: string; sent: Record<string, unknown>; row: RequirementId; what: string }
interface Removal { cardId: string; customerId: string; row: RequirementId; what: string }
export interface Enrolment { customerId: string; op: string; sent: Record<string, unknown>; what: string }

const short = (id: string) => `${id.slice(0, 8)}…`;
const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
const bodyOf = (x: Exchange) => (x.request.body ?? {}) as Record<string, unknown>;
const answered = (x: Exchange) => (x.response?.json ?? {}) as Record<string, unknown>;

export class WriteEffects {
  readonly cards = new Map<string, CardEffect>();
  readonly removed: Removal[] = [];
  readonly enrolled: Enrolment[] = [];
  /** Operations a write of which went unanswered: what it did is unknown, so none of their card effects is judged. */
  readonly uncertain = new Set<string>();

  /** Notes `x`, sent with apiVersion `way`, where it was served (or lost: its operation's card effects become unknown). */
  note(x: Exchange, way: Way): void {
    const op = operation(x.request.operation);
    const what = `${op.id} with apiVersion in the ${way === 'query' ? 'query string' : 'header'}`;
    if (!x.response) {
      if (writesCard(op)) this.uncertain.add(op.id);
      return;
    }
    if (!is2xx(x.response.status)) return;
    const sent = bodyOf(x);
    const customerId = String(sent.customerId ?? '');
    if (writesCard(op)) {
      const card = (answered(x)[responseMembers.cards] as Array<Record<string, unknown>> | undefined)?.[0];
      if (typeof card?.cardId !== 'string') return;
      const before = [...this.cards.values()].find((c) => same(c.cardId, card.cardId));
      const changed = before && shownCardFields(op).some((f) => before.sent[f.name] !== sent[f.name]);
      this.cards.set(card.cardId.toLowerCase(), { cardId: card.cardId, customerId, op: op.id, sent, row: !before ? cardWriteRow(op, true) : changed ? cardWriteRow(op, false) : before.row, what: changed || !before ? what : before.what });
    }
    if (removesCard(op) && typeof sent.cardId === 'string') {
      this.cards.delete(sent.cardId.toLowerCase());
      this.removed.push({ cardId: sent.cardId, customerId, row: removalRow(op), what });
    }
    const id = answered(x)[responseMembers.enrollCustomer];
    if (enrolsCustomer(op) && typeof id === 'string' && !this.enrolled.some((e) => e.sent.ssn === sent.ssn)) this.enrolled.push({ customerId: id, op: op.id, sent, what });
  }

  /** The customers whose card list shows the noted card effects. */
  listedCustomers(): string[] {
    const ids = [...[...this.cards.values()].filter((c) => !this.uncertain.has(c.op)), ...this.removed].map((c) => c.customerId.toLowerCase());
    return [...new Set(ids)];
  }

  /** The card list of `customerId` shows each card written, with the Card members last sent, and none removed. */
  listOracle(customerId: string): Oracle {
    const cards = [...this.cards.values()].filter((c) => same(c.customerId, customerId) && !this.uncertain.has(c.op));
    const removed = this.removed.filter((r) => same(r.customerId, customerId));
    const rows = [...new Set([...cards.map((c) => c.row), ...removed.map((r) => r.row)])];
    return {
      id: 'versionedWriteTookEffect', requirements: rows, applies: (x) => x.response !== undefined && is2xx(x.response.status),
      run: (x) => {
        const listed = (answered(x)[responseMembers.cards] as Array<Record<string, unknown>> | undefined) ?? [];
        const fail = (row: RequirementId, title: string, received: string, documented: string, key: string) =>
          finding('versionedWriteTookEffect', row, x.request.operation, { title, received, documented, key: [key] }, x as Responded);
        const out = removed.filter((r) => listed.some((l) => same(l.cardId, r.cardId))).map((r) =>
          fail(r.row, 'Card removed with apiVersion one way still listed', `card ${short(r.cardId)} listed after ${r.what} was served`, 'DeleteCard moves the card to "removed" (States), with apiVersion in the header or the query string (D5)', `removed-listed ${r.what}`));
        for (const c of cards) {
          const shown = listed.find((l) => same(l.cardId, c.cardId));
          if (!shown) { out.push(fail(c.row, 'Card written with apiVersion one way not listed', `no card ${short(c.cardId)} among ${listed.length} listed after ${c.what}`, `the card ${c.op} answered listed (States), with apiVersion in the header or the query string (D5)`, `missing ${c.what}`)); continue; }
          for (const f of shownCardFields(operation(c.op))) {
            const sent = c.sent[f.name];
            if (sent === undefined || asSent(f.type, shown[f.name], sent)) continue;
            out.push(fail(c.row, 'Card data written with apiVersion one way not stored', `${f.name} ${JSON.stringify(shown[f.name])} on card ${short(c.cardId)} after ${c.what}`, `${f.name} ${JSON.stringify(sent)}, as last sent (States), with apiVersion in the header or the query string (D5)`, `${f.name} ${c.what}`));
          }
        }
        return out;
      },
    };
  }

  /**
   * The lookup by an enrolment's identity finds the customerId it answered (FIND-ENROLLED; another id, ENROLL-SUCCESS).
   * Judged where it was served or answered "not found" (a row of its own but VALIDATION): a lookup refused for
   * anything else (its version, its access) is that rule's, judged on the lookup by the generic oracles.
   */
  lookupOracle(e: Enrolment, lookup: Operation): Oracle {
    const notFound = lookup.errors.filter((k) => k !== 'VALIDATION').map((k) => errorRow(k).errorCode);
    const judged = (x: Exchange) => x.response !== undefined && (is2xx(x.response.status) || notFound.includes(String(answered(x).errorCode ?? answered(x).ErrorCode)));
    return { id: 'modelEnrolledId', requirements: ['FIND-ENROLLED', 'ENROLL-SUCCESS'], applies: judged, run: (x) => enrolledIdFound(x as Responded, e.customerId) };
  }
}

/**
 * A listed value as the write sent it: a date-like member (MMYY) exactly; free text as sent, without the
 * whitespace around it (D41), or "" ("most fields ... can be empty strings"), as the model reads the list.
 */
function asSent(type: string, shown: unknown, sent: unknown): boolean {
  if (type !== 'string') return shown === sent;
  return typeof shown !== 'string' || shown === '' || shown === sent || (typeof sent === 'string' && shown === sent.trim());
}
