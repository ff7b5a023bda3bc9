import { history } from '../../../contract/index.js';
import { accountFilterComplete, accountFilterHonoured } from '../../../checks/index.js';
import type { Transaction } from '../../../checks/history.js';
import type { Finding } from '../../../checks/finding.js';
import { complete } from './query.js';
import type { HistoryCustomer } from './probe.js';

type Card = HistoryCustomer['cards'][number];

const digits = (four: string | undefined): four is string => /^\d{4}$/.test(four ?? '');

/** The card's last four digits where they name its transactions alone (see HistoryCustomer.createdByRun). */
function uniqueLastFour(customer: HistoryCustomer, card: Card): string | undefined {
  const four = card.lastFourDigits;
  return customer.createdByRun && digits(four) && customer.cards.filter((c) => c.lastFourDigits === four).length === 1 ? four : undefined;
}

/**
 * The accountId filter judged on a card's page against the unfiltered one: what it returns
 * belongs to the customer and the card always; that it drops none of the card's own only where
 * the card's last four digits name its transactions alone. Covered where the unfiltered history
 * could show a defect: an ignored filter shows only where it holds another card's transactions,
 * a dropping one where it holds this card's.
 */
export function accountFilterJudged(customer: HistoryCustomer, card: Card, unfiltered: readonly Transaction[], filtered: readonly Transaction[]): { findings: Finding[]; covered: boolean } {
  const findings = accountFilterHonoured({
    filtered, unfiltered, unfilteredComplete: complete(unfiltered), ...(card.lastFourDigits ? { cardLastFour: card.lastFourDigits } : {}),
  });
  const four = uniqueLastFour(customer, card);
  if (four) findings.push(...accountFilterComplete({ filtered, unfiltered, cardLastFour: four, pageSize: history.defaultPageSize }));
  const other = digits(card.lastFourDigits) && unfiltered.some((t) => digits(t.lastFourDigitsOfCard) && t.lastFourDigitsOfCard !== card.lastFourDigits);
  return { findings, covered: other || (four !== undefined && unfiltered.some((t) => t.lastFourDigitsOfCard === four)) };
}
