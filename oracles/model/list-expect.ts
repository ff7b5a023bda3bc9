import { responseMembers } from '../../contract/index.js';
import type { RequirementId } from '../../contract/requirements.js';
import { finding, is2xx, type Responded } from '../../checks/support.js';
import type { Finding } from '../../checks/finding.js';
import { body } from './body.js';
import { lastFourAllowed, nicknameAsSent } from './expect.js';
import { sameId, type ModelCustomer } from './state.js';

type Listed = Record<string, unknown>;

const listedCards = (x: Responded): Listed[] => {
  const cards = body(x)[responseMembers.cards];
  return Array.isArray(cards) ? cards.filter((c): c is Listed => !!c && typeof c === 'object') : [];
};

/** How many entries of the list carry each cardId (letter case aside, as sameId compares). */
function entriesById(listed: readonly Listed[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of listed) if (typeof l.cardId === 'string') out.set(l.cardId.toLowerCase(), (out.get(l.cardId.toLowerCase()) ?? 0) + 1);
  return out;
}

/**
 * GetRegisteredCards shows exactly the model's cards of the customer: each under its cardId, once
 * (a registered card is one entry whatever was last done to it; a list that joins a card to its row
 * versions or its deletion log shows it twice), owned by the customer, with the expiration last
 * sent, the nickname last sent (or "": "most fields ... can be empty strings", never an earlier
 * nickname) and lastFourDigits as documented; no deleted card; nothing else, except a declined
 * card (D15: whether a card flagged invalid is listed is not documented). Each difference fails the transition that made the prediction.
 */
export function listMatchesModel(x: Responded, customer: ModelCustomer): Finding[] {
  if (!is2xx(x.response.status)) {
    return [finding('modelCardList', 'CARDS-SUCCESS', x.request.operation, {
      title: 'Card list refused', received: `status ${x.response.status}`, documented: 'the customer\'s cards', key: ['refused'],
    }, x)];
  }
  const listed = listedCards(x);
  const out: Finding[] = [];
  const add = (requirement: RequirementId, title: string, received: string, documented: string, key: string) =>
    out.push(finding('modelCardList', requirement, x.request.operation, { title, received, documented, key: [key] }, x));
  for (const card of customer.cards) {
    const shown = listed.find((l) => sameId(l.cardId, card.cardId));
    if (!shown) {
      if (card.mayBeGone) continue;
      add(card.listedBecause, 'Registered card missing from the list', `no card ${card.cardId} among ${listed.length} listed`, `${card.label} (${card.cardId}) listed`, 'missing');
      continue;
    }
    if (!sameId(shown.customerId, customer.customerId))
      add('CARDS-SUCCESS', 'Card listed under another customer', `customerId ${JSON.stringify(shown.customerId)}`, `customerId ${customer.customerId}`, 'owner');
    if (shown.expirationMonthYear !== card.payload.expirationMonthYear)
      add(card.expirationFrom, 'Card data not as last sent', `expirationMonthYear ${JSON.stringify(shown.expirationMonthYear)} on ${card.label}`,
        `expirationMonthYear ${String(card.payload.expirationMonthYear)}, as last sent`, 'expiration');
    // A missing or mistyped nickname is the shape's failure (CARDS-SHAPE), not the transition's.
    // D41: a target may store free text without the whitespace around it.
    if (typeof shown.cardNickname === 'string' && shown.cardNickname !== '' && !nicknameAsSent(shown.cardNickname, card.payload.cardNickname))
      add(card.nicknameFrom, 'Card data not as last sent', `cardNickname ${JSON.stringify(shown.cardNickname)} on ${card.label}`,
        `cardNickname ${JSON.stringify(card.payload.cardNickname)}, as last sent, or ""`, 'nickname');
    if (!lastFourAllowed(card)(shown.lastFourDigits))
      add(card.lastFourFrom ?? 'CARDS-SHAPE', 'lastFourDigits not as documented', `lastFourDigits ${JSON.stringify(shown.lastFourDigits)} on ${card.label}`,
        card.kind === 'number' ? 'the last four digits of the card number' : '`****` or the last four digits sent', `last-four-${card.kind}`);
  }
  // Each cardId once: a second entry of a model card fails the transition that last touched it; of any other card, the list's success row.
  for (const [cardId, entries] of entriesById(listed)) {
    if (entries < 2) continue;
    const card = customer.cards.find((c) => sameId(c.cardId, cardId));
    add(card?.listedBecause ?? 'CARDS-SUCCESS', 'Card listed more than once', `card ${cardId} listed ${entries} times`,
      `${card ? `${card.label} (${card.cardId})` : 'each card'} listed once: a registered card is one entry`, 'listed-twice');
  }
  for (const shown of listed) {
    if (customer.cards.some((c) => sameId(c.cardId, shown.cardId))) continue;
    if (customer.deleted.some((d) => sameId(d.cardId, shown.cardId))) {
      add('STATE-CARD-DELETED', 'Deleted card still listed', `card ${String(shown.cardId)} listed after DeleteCard`, 'a deleted card is removed', 'deleted-listed');
      continue;
    }
    if (customer.declined.includes(String(shown.lastFourDigits))) continue;
    add('CARDS-SUCCESS', 'Unknown card listed', `card ${String(shown.cardId)} that the sequence never registered`, 'only the customer\'s registered cards', 'unknown');
  }
  return out;
}

/** The requirements a list comparison checked for this customer. */
export function listRequirements(customer: ModelCustomer): RequirementId[] {
  return [
    'CARDS-SHAPE',
    ...customer.cards.flatMap((c) => [...(c.mayBeGone ? [] : [c.listedBecause]), c.expirationFrom, c.nicknameFrom, ...(c.lastFourFrom ? [c.lastFourFrom] : [])]),
    ...(customer.deleted.length ? ['STATE-CARD-DELETED' as const] : []),
  ];
}

/** The card a reply named is listed (e.g. the card of a new token, STATE-TCARD-CHANGED). */
export function listsCard(x: Responded, p: { cardId: string; requirement: RequirementId; documented: string }): Finding[] {
  const listed = listedCards(x);
  if (is2xx(x.response.status) && listed.some((l) => sameId(l.cardId, p.cardId))) return [];
  return [finding('modelListsCard', p.requirement, x.request.operation, {
    title: 'Card missing from the list', received: is2xx(x.response.status) ? `no card ${p.cardId} among ${listed.length} listed` : `status ${x.response.status}`,
    documented: p.documented, key: ['missing'],
  }, x)];
}
