import type { FastifyInstance } from 'fastify';
import { acceptedRegExp, exclusiveSessionFilters, sessionAttributes } from '../../contract/index.js';
import { sendErrorRow, sendProblem, sendValidationProblem } from '../problems.js';
import type { PartnerSession } from '../state/index.js';
import type { Attribute } from '../validate/index.js';
import { defineOperation } from './route.js';
import { oboCardSnapshot } from '../faults/blind11/memo.js';
import { heldAtObo } from '../faults/session-memo.js';
import { sendDone, type OperationContext } from './context.js';
import { strictEmail } from '../blind2/inputs.js';
import { blind4SsoTokenExpired, blind4SsoTokenUsed } from '../blind4/state.js';

const allowed = sessionAttributes.attributes!.allowed;
const [idFilter, numberFilter] = exclusiveSessionFilters;
const ssoTokenName = allowed.find((a) => a.required)!.name;

/** The names of the invalid attributes (D19); empty when the request may be applied. */
function invalidNames(c: OperationContext, session: PartnerSession, items: readonly Attribute[]): string[] {
  const bad = new Set<string>();
  // blind3-sattr-id-filter-empty-entries: the list is split with empty entries removed before anything reads it.
  const dropEmpty = (a: Attribute) => (a.name === idFilter && c.faults.has('blind3-sattr-id-filter-empty-entries') ? a.value.split(',').filter((s) => s !== '').join(',') : a.value);
  const byName = new Map(items.map((a) => [a.name, dropEmpty(a)]));
  if (!c.faults.has('sattr-unknown-name-accepted')) for (const a of items) if (!allowed.some((x) => x.name === a.name)) bad.add(a.name);
  // sattr-token-any-session (and blind1's): a token is looked up among every session's, not this session's.
  const anySession = c.faults.has('blind1-sattr-token-from-other-session') || c.faults.has('sattr-token-any-session');
  // blind9-sattr-obo-state-by-device: the OBO record is stored per deviceId, so another session of the same device finds it.
  const issuer = session.oboCustomerId === undefined && c.faults.has('blind9-sattr-obo-state-by-device') ? c.state.sessions.withSsoToken(byName.get(ssoTokenName) ?? '') : undefined;
  const sameDevice = issuer !== undefined && issuer.deviceId === session.deviceId && issuer.clientId === session.clientId ? issuer : undefined;
  const borrowed = session.oboCustomerId === undefined && anySession
    ? c.state.sessions.withSsoToken(byName.get(ssoTokenName) ?? '') : sameDevice;
  const customerId = session.oboCustomerId ?? borrowed?.oboCustomerId;
  const skipObo = customerId === undefined && c.faults.has('sattr-before-obo-accepted');
  const token = byName.get(ssoTokenName);
  const tokenOptional = customerId !== undefined && token === undefined && c.faults.has('sattr-missing-token-accepted');
  // D18 leaves reuse open: the default keeps the newest token valid; the readings spend each token once, or keep every issued one.
  const current = borrowed !== undefined || (c.readings.has('sso-token-any-issued') ? session.ssoTokens.includes(token ?? '') : token === session.ssoTokens.at(-1));
  const spent = token !== undefined && session.spentSsoTokens?.has(token) === true;
  // blind8-sattr-token-unchecked-without-filters: the token is compared with the session's in the filter branch only.
  const noFilter = c.faults.has('blind8-sattr-token-unchecked-without-filters') && customerId !== undefined && token !== undefined && !byName.has(idFilter) && !byName.has(numberFilter);
  if (!skipObo && !tokenOptional && !noFilter && (customerId === undefined || token === undefined || !current || spent)) bad.add(ssoTokenName);
  // Reading `blind4-sso-token-short-lived` (D19): a token past its lifetime is invalid.
  if (blind4SsoTokenExpired(c.readings, session, token)) bad.add(ssoTokenName);
  const formatUnchecked = (name: string) => name === idFilter && c.faults.has('sattr-account-filter-unchecked');
  for (const a of allowed) {
    // D39 reading: PreferredEmail has no documented format, so a target may take any text.
    const format = a.valueFormat ?? (c.readings.has('preferred-email-any-text') ? undefined : a.referenceFormat);
    if (format && byName.has(a.name) && !formatUnchecked(a.name) && !acceptedRegExp(format).test(byName.get(a.name)!)) bad.add(a.name);
    // Reading `blind2-email-strict` (D39): PreferredEmail held to the stricter e-mail rule too.
    if (a.referenceFormat === 'email' && byName.has(a.name) && c.readings.has('blind2-email-strict') && !strictEmail.test(byName.get(a.name)!)) bad.add(a.name);
  }
  // blind5-sattr-both-filters-number-first: the exclusion is checked while reading AccountNumberFilter, only if AccountIdFilter was read before it.
  const numberFirst = c.faults.has('blind5-sattr-both-filters-number-first') && items.findIndex((a) => a.name === numberFilter) < items.findIndex((a) => a.name === idFilter);
  if (byName.has(idFilter) && byName.has(numberFilter) && !c.faults.has('sattr-both-filters-accepted') && !numberFirst) {
    bad.add(idFilter);
    bad.add(numberFilter);
  }
  if (customerId !== undefined && !c.faults.has('sattr-foreign-card-accepted')) {
    // sattr-filter-deleted-card-accepted: the filters are checked against every card the customer ever held.
    // blind11-sattr-filter-cards-snapshot-at-obo: only the cards the customer held when AuthenticateOBO ran.
    const snapshot = oboCardSnapshot(c.faults, session);
    const cards = [...c.state.cards.listValid(customerId), ...(c.faults.has('sattr-filter-deleted-card-accepted') ? c.state.cards.listRemoved(customerId) : [])]
      .filter((card) => !snapshot || snapshot.has(card.cardId));
    // sattr-id-filter-any-customer: a GUID passes when it names a registered card of any customer.
    const anyCustomers = (id: string) => c.faults.has('sattr-id-filter-any-customer') && c.state.cards.get(id) !== undefined;
    // sattr-number-filter-empty-entries: the number list is split with empty entries removed.
    const dropEmpty = (name: string, items: string[]) => (name === numberFilter && c.faults.has('sattr-number-filter-empty-entries') ? items.filter((s) => s !== '') : items);
    // sattr-number-filter-two-entries: `Split(',', 2)`: a third entry stays glued to the second, which then names no card.
    // sattr-number-filter-whitespace-split: the number list is split on commas and whitespace.
    const split = (name: string, value: string) => (name === numberFilter && c.faults.has('sattr-number-filter-two-entries')
      ? [value.split(',')[0]!, ...(value.includes(',') ? [value.slice(value.indexOf(',') + 1)] : [])]
      : name === numberFilter && c.faults.has('sattr-number-filter-whitespace-split') ? value.split(/[,\s]+/) : value.split(','));
    const list = (name: string) => dropEmpty(name, split(name, byName.get(name) ?? '').map((s) => s.trim()));
    // With the format unchecked, only GUID-shaped entries are looked up: the fault breaks the format rule alone.
    const ids = list(idFilter).filter((id) => !formatUnchecked(idFilter) || acceptedRegExp('guid').test(id))
      // blind2-sattr-filter-first-id-only: the ownership query is run for the first GUID of the list.
      .slice(0, c.faults.has('blind2-sattr-filter-first-id-only') ? 1 : undefined);
    // sattr-filter-any-item: the list passes when any one GUID is the customer's card.
    const anyItem = c.faults.has('sattr-filter-any-item') && ids.some((id) => cards.some((card) => card.cardId === id.toLowerCase()));
    const numberOf = (card: (typeof cards)[number]) => (c.faults.has('sattr-own-number-refused') ? card.cardId : card.identity);
    // blind3-sattr-id-filter-any-customer: an id is checked for existence only; blind3-sattr-id-filter-deleted-card: soft-deleted cards count.
    const blind3Card = (id: string) => (c.faults.has('blind3-sattr-id-filter-any-customer') && c.state.cards.get(id) !== undefined)
      || (c.faults.has('blind3-sattr-id-filter-deleted-card') && c.state.cards.listRemoved(customerId).some((card) => card.cardId === id.toLowerCase()));
    // blind4-sattr-id-filter-deleted-card: the ownership query reads the card history table, deleted cards included.
    const blind4Deleted = (id: string) => c.faults.has('blind4-sattr-id-filter-deleted-card') && c.state.cards.listRemoved(customerId).some((card) => card.cardId === id.toLowerCase());
    // sattr-id-filter-number-cards-only: the ownership query joins the card-number table, so a tokenized card's cardId is unknown to it.
    const idCards = c.faults.has('sattr-id-filter-number-cards-only') ? cards.filter((card) => card.kind !== 'token') : cards;
    // sattr-filter-deleted-after-obo-accepted: the ids are checked against the cards the customer held at AuthenticateOBO as well.
    const heldThen = (id: string) => c.faults.has('sattr-filter-deleted-after-obo-accepted') && heldAtObo(session, id.toLowerCase());
    if (byName.has(idFilter) && !anyItem && !ids.every((id) => anyCustomers(id) || idCards.some((card) => card.cardId === id.toLowerCase()) || blind3Card(id) || blind4Deleted(id) || heldThen(id))) bad.add(idFilter);
    // blind2-sattr-number-filter-last-four: numbers matched as the card list shows them, by their last four digits.
    // blind3-sattr-number-filter-case-insensitive: the comparison runs under a case-insensitive collation.
    // sattr-number-filter-prefix (and blind4's): a number or token matches a card whose own starts with it (a LIKE 'value%' query).
    // blind5-sattr-number-filter-token-refused: the filter is looked up in the card-number table only.
    const sameNumber = (card: (typeof cards)[number], n: string) => (c.faults.has('blind5-sattr-number-filter-token-refused') && card.kind === 'token') ? false : (c.faults.has('blind2-sattr-number-filter-last-four') ? numberOf(card).slice(-4) === n.slice(-4)
      : c.faults.has('blind3-sattr-number-filter-case-insensitive') ? numberOf(card).toLowerCase() === n.toLowerCase()
      : (c.faults.has('sattr-number-filter-prefix') || c.faults.has('blind4-sattr-number-filter-prefix')) && n.length > 0 ? numberOf(card).startsWith(n) : numberOf(card) === n);
    // blind6-sattr-number-filter-any-customer: a number or token is looked up in the whole card table.
    const anyHolder = (n: string) => c.faults.has('blind6-sattr-number-filter-any-customer') && (c.state.cards.findAnyCustomer('number', n) ?? c.state.cards.findAnyCustomer('token', n)) !== undefined;
    if (byName.has(numberFilter) && !c.faults.has('sattr-number-filter-unchecked') && !list(numberFilter).every((n) => anyHolder(n) || cards.some((card) => sameNumber(card, n))))
      bad.add(numberFilter);
  }
  return [...bad];
}

/**
 * AddSessionAttributes (D19): only after AuthenticateOBO, with the session's newest ssoToken
 * (D18); filters must name the OBO customer's cards and are mutually exclusive. Any failure is
 * 422 INVALID_INFORMATION naming the fields (never their values: they may be card numbers).
 */
export function addSessionAttributes(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'AddSessionAttributes', (c, { values, session, request, reply }) => {
    const items = values.sessionAttributes as Attribute[];
    // sattr-empty-list-accepted: nothing to set is taken for nothing wrong.
    if (items.length === 0 && c.faults.has('sattr-empty-list-accepted')) return sendDone(reply);
    if (c.readings.has('sattr-missing-token-400')) {
      const unknown = items.findIndex((a) => !allowed.some((x) => x.name === a.name));
      const key = unknown >= 0 ? `command.SessionAttributes[${unknown}].Name` : 'command.SessionAttributes';
      if (unknown >= 0 || !items.some((a) => a.name === ssoTokenName))
        return sendValidationProblem(reply, request, [{ key, message: unknown >= 0 ? `${key} is not an allowed name.` : `${ssoTokenName} is required.` }]);
    }
    // blind6-sattr-both-filters-400: the mutual exclusion written as a model-validation rule.
    if (c.faults.has('blind6-sattr-both-filters-400') && items.some((a) => a.name === idFilter) && items.some((a) => a.name === numberFilter))
      return sendValidationProblem(reply, request, [{ key: 'command.SessionAttributes', message: `${idFilter} and ${numberFilter} cannot both be set.` }]);
    // blind2-sattr-filter-format-400: the GUID list is checked by the model validator, not as invalid information.
    const idFilterAt = items.findIndex((a) => a.name === idFilter);
    if (c.faults.has('blind2-sattr-filter-format-400') && idFilterAt >= 0 && !acceptedRegExp('guidList').test(items[idFilterAt]!.value)) {
      const key = `command.SessionAttributes[${idFilterAt}].Value`;
      return sendValidationProblem(reply, request, [{ key, message: `${key} must be a comma-separated list of GUIDs.` }]);
    }
    // blind9-sattr-id-filter-duplicates-refused: the count of the customer's cards matched is compared with the number of entries.
    const idList = items.find((a) => a.name === idFilter)?.value.split(',').map((s) => s.trim().toLowerCase());
    if (c.faults.has('blind9-sattr-id-filter-duplicates-refused') && idList && new Set(idList).size !== idList.length)
      return sendErrorRow(reply, request, 'INVALID_INFORMATION', `Invalid information: ${idFilter}.`);
    const bad = invalidNames(c, session, items);
    const tokenAt = items.findIndex((a) => a.name === ssoTokenName);
    if (c.faults.has('sattr-wrong-token-400') && session.oboCustomerId !== undefined && tokenAt >= 0 && bad.includes(ssoTokenName)) {
      const key = `command.SessionAttributes[${tokenAt}].Value`;
      return sendValidationProblem(reply, request, [{ key, message: `${key} is not a valid ${ssoTokenName}.` }]);
    }
    if (bad.length > 0 && c.faults.has('blind1-sattr-detail-generic')) return sendErrorRow(reply, request, 'INVALID_INFORMATION', 'The request contains invalid information.');
    if (bad.length > 0 && c.faults.has('sattr-detail-names-position'))
      return sendErrorRow(reply, request, 'INVALID_INFORMATION', `Invalid information in item ${items.findIndex((a) => bad.includes(a.name)) + 1}.`);
    // blind4-sattr-detail-echoes-values: a helpful detail that quotes what was refused.
    if (bad.length > 0 && c.faults.has('blind4-sattr-detail-echoes-values'))
      return sendErrorRow(reply, request, 'INVALID_INFORMATION', `Invalid information: ${bad.map((n) => `${n} '${items.find((a) => a.name === n)?.value ?? ''}'`).join(', ')}.`);
    // blind5-sattr-invalid-status-400: the business refusal written with BadRequest(problem).
    if (bad.length > 0 && c.faults.has('blind5-sattr-invalid-status-400'))
      return sendProblem(reply, request, { status: 400, errorCode: 'INVALID_INFORMATION', title: 'Invalid Information', detail: `Invalid information: ${bad.join(', ')}.` });
    // blind8-sattr-detail-names-id-filter: one message constant for both filters, written for the first.
    const named = c.faults.has('blind8-sattr-detail-names-id-filter') ? [...new Set(bad.map((n) => (n === numberFilter ? idFilter! : n)))] : bad;
    // blind11-sattr-detail-names-first-only: the refusal stops at the first invalid attribute.
    // sattr-detail-format-short-circuits: an AccountIdFilter of a bad format ends validation there, so the detail names it alone.
    const formatEnds = c.faults.has('sattr-detail-format-short-circuits') && idFilterAt >= 0 && named.includes(idFilter!) && !acceptedRegExp('guidList').test(items[idFilterAt]!.value);
    const shown = c.faults.has('blind11-sattr-detail-names-first-only') ? named.slice(0, 1) : formatEnds ? [idFilter!] : named;
    if (bad.length > 0) return sendErrorRow(reply, request, 'INVALID_INFORMATION', `Invalid information: ${shown.join(', ')}.`);
    for (const a of items) session.sessionAttributes.set(a.name, a.value);
    blind4SsoTokenUsed(session, tokenAt >= 0 ? items[tokenAt]!.value : undefined);
    if (c.readings.has('sso-token-single-use') && tokenAt >= 0) (session.spentSsoTokens ??= new Set()).add(items[tokenAt]!.value);
    return sendDone(reply);
  });
}
