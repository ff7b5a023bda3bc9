import { cardFieldsAlwaysSet, history, transactionFields } from '../contract/resources.js';
import { printIssue, schemaIssues, type SchemaIssue } from './schema.js';
import { defineCheck, type Fail } from './define.js';
import { bodyObject, onlyWhenStatus, is2xx, type Responded } from './support.js';
import type { Finding } from './finding.js';

/** Operations after which most card fields may be empty strings or 0 (interface.md "Card"). */
const addOrUpdate = ['AddOrUpdateCard', 'AddOrUpdateTokenizedCard'];
const alwaysSet: readonly string[] = cardFieldsAlwaysSet;

/** `cards[0].customerId` → `customerId` */
const leaf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/**
 * CARDS-SHAPE: every Card field with its type; expirationMonthYear MMYY; cardArtAsBase64Png base64
 * or empty. After add-or-update an empty string in a field other than cardId and lastFourDigits
 * conforms (documented). The card list may omit hashId (D32), add-or-update responses carry it.
 * @see interface.md "Resources and their fields" (Card)
 */
export const cardsMatchSchema = defineCheck({
  id: 'cardsMatchSchema', requirement: 'CARDS-SHAPE', expectation: 'unknown',
  description: 'cards carry every Card field with its type; expirationMonthYear MMYY',
  rule(x, _e: unknown, fail) {
    const lenient = addOrUpdate.includes(x.request.operation);
    const issues = schemaIssues(lenient ? 'cards' : 'cardList', x.response.json).filter(
      (i) => !(lenient && i.value === '' && i.keyword === 'pattern' && !alwaysSet.includes(leaf(i.path))),
    );
    return shapeFinding(fail, x, issues, 'cards carry every Card field with its type; expirationMonthYear is MMYY; cardArtAsBase64Png is base64 or empty');
  },
  when: [onlyWhenStatus(is2xx)],
});

function shapeFinding(fail: Fail, x: Responded, issues: SchemaIssue[], documented: string): Finding[] {
  if (issues.length === 0) return [];
  const shown = issues.slice(0, 5).map(printIssue).join(', ') + (issues.length > 5 ? ` and ${issues.length - 5} more` : '');
  return [fail(x.request.operation, {
    title: 'Resource fields missing or mistyped',
    received: shown,
    documented,
    evidence: { issues },
    // Per-field facts without indices: the same field wrong on many items is one bug.
    key: [...new Set(issues.map((i) => `${i.path.replace(/\[\d+\]/g, '[]')}:${i.keyword}`))].sort(),
  }, x)];
}

export interface CardNumberExpectation {
  /** Full card numbers the harness sent for this customer. */
  readonly cardNumbers?: readonly string[];
}

/**
 * The card list never carries the full card number: no card member named like a card number
 * holds a value, and no string of a card contains a number the harness sent.
 * @see interface.md "Card", "GetRegisteredCards"
 */
export const noCardNumberInCards = defineCheck({
  id: 'noCardNumberInCards', requirement: 'NO-SECRET-ECHO', expectation: 'CardNumberExpectation',
  description: 'the card list never carries a full card number',
  rule(x, e: CardNumberExpectation, fail) {
    const cards = bodyObject(x)?.cards;
    if (!Array.isArray(cards)) return [];
    const hits: string[] = [];
    cards.forEach((card, index) => {
      if (!card || typeof card !== 'object') return;
      for (const [name, value] of Object.entries(card as Record<string, unknown>)) {
        if (typeof value !== 'string' || value === '') continue;
        const named = /^(full)?card_?number$|^pan$/i.test(name);
        const sent = (e.cardNumbers ?? []).some((n) => n.length >= 8 && value.includes(n));
        if (named || sent) hits.push(`cards[${index}].${name}`);
      }
    });
    if (hits.length === 0) return [];
    return [fail(x.request.operation, {
      title: 'Card list carries a card number',
      received: `a card number in ${hits.join(', ')}`,
      documented: 'the card list never carries the full card number',
      evidence: { members: hits },
      key: [...new Set(hits.map((h) => h.replace(/\[\d+\]/, '[]')))].sort(),
    }, x)];
  },
  when: [onlyWhenStatus(is2xx)],
});

const timestampFields = transactionFields.filter((f) => f.type === 'timestamp').map((f) => f.name);
/** UTC: a trailing Z or a zero offset. */
const utc = /([Zz]|[+-]00:?00)$/;

/**
 * HISTORY-SHAPE: every Transaction field with its type, timestamps ISO 8601 in UTC, totalRecords Int.
 * D36: createdOn always; the other timestamps may be null or absent (events not happened yet).
 * @see interface.md "Resources and their fields" (Transaction)
 */
export const historyMatchesSchema = defineCheck({
  id: 'historyMatchesSchema', requirement: 'HISTORY-SHAPE', expectation: 'unknown',
  description: 'transactions carry every field with its type; timestamps ISO 8601 UTC',
  rule(x, _e: unknown, fail) {
    const issues = schemaIssues('history', x.response.json);
    const list = bodyObject(x)?.[history.listMember];
    if (Array.isArray(list)) {
      list.forEach((t, index) => {
        if (!t || typeof t !== 'object') return;
        for (const name of timestampFields) {
          const value = (t as Record<string, unknown>)[name];
          const path = `${history.listMember}[${index}].${name}`;
          if (typeof value === 'string' && !utc.test(value) && !issues.some((i) => i.path === path)) {
            issues.push({ path, keyword: 'utc', message: 'must be in UTC (Z or +00:00)', value });
          }
        }
      });
    }
    return shapeFinding(fail, x, issues, 'transactions carry every Transaction field with its type; createdOn and every other timestamp present ISO 8601 UTC');
  },
  when: [onlyWhenStatus(is2xx)],
});
