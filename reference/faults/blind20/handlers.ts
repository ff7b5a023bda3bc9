import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { defaults, exclusiveSessionFilters, fieldKey, responseMembers, type Operation } from '../../../contract/index.js';
import { sendErrorRow, sendValidationProblem } from '../../problems.js';
import { cardView } from '../../operations/card-view.js';
import { sendDone, sendOk, text, type OperationContext, type ValidRequest } from '../../operations/context.js';
import { calendarDate } from '../../operations/dates.js';
import type { StoredCard } from '../../state/index.js';
import type { Attribute } from '../../validate/index.js';
import { anyBlind20, maskedNumber, memoryOf, queryVersioned } from './memo.js';

/**
 * The blind20 faults that act before an operation's handler (answer instead of it, or change the
 * state it reads). Each is guarded by its fault; with none on, nothing happens.
 * @see reference/faults/blind20/index.ts
 */

const [idFilter] = exclusiveSessionFilters;
const keyOf = (op: Operation, name: string) => fieldKey(op, op.fields.find((f) => f.name === name)!);

/** May answer instead of the handler; undefined lets the handler run. */
export function blind20Before(c: OperationContext, req: ValidRequest): FastifyReply | undefined {
  if (!anyBlind20(c.faults)) return undefined;
  const { op, values, reply, request, session } = req;
  const has = (fault: string) => c.faults.has(fault);
  const customerId = text(values, 'customerId').toLowerCase();
  const headerVersioned = request.headers.apiversion !== undefined;
  const cardData = (skip: string) => Object.fromEntries(Object.entries(values).filter(([k, v]) => typeof v === 'string' && k !== 'customerId' && k !== skip)) as Record<string, string>;
  const upsert = (kind: 'number' | 'token', identity: string, skip: string): FastifyReply => {
    const found = c.state.cards.find(customerId, kind, identity);
    const card: StoredCard = found ?? c.state.cards.add(customerId, kind, identity, cardData(skip));
    if (found) { found.data = cardData(skip); found.updates += 1; }
    return sendOk(reply, { [responseMembers.cards]: [cardView(card, c.faults, { addOrUpdate: true, readings: c.readings })] });
  };
  // The search route's device filter reads the client's most recent login.
  if (op.id === 'FindCustomer' && has('blind20-find-device-checked-against-latest-login')) {
    const latest = memoryOf(c.faults).latestDevice.get(session.clientId);
    if (latest !== undefined && latest !== session.deviceId) return sendErrorRow(reply, request, 'UNAUTHORIZED', 'The device does not match the session.');
  }
  if (op.id === 'EnrollCustomer') {
    // A copied "phone numbers must differ" rule.
    if (has('blind20-enroll-home-equal-to-mobile-refused') && text(values, 'homeNumber') !== '' && text(values, 'homeNumber') === text(values, 'mobileNumber'))
      return sendValidationProblem(reply, request, [{ key: keyOf(op, 'homeNumber'), message: 'HomeNumber must differ from MobileNumber.' }]);
    // 1900-01-01 is the column's "no date" sentinel.
    if (has('blind20-enroll-dob-1900-sentinel-refused') && calendarDate(text(values, 'dateOfBirth')) === '1900-01-01')
      return sendValidationProblem(reply, request, [{ key: keyOf(op, 'dateOfBirth'), message: "'Date Of Birth' must not be empty." }]);
  }
  // The header-versioned OBO route has no linked-account check.
  if (op.id === 'AuthenticateOBO' && has('blind20-version-header-obo-linked-check-skipped') && headerVersioned) {
    const customer = c.state.customers.get(customerId);
    if (customer && c.state.cards.listValid(customer.customerId).length === 0) {
      const ssoToken = randomBytes(32).toString('base64url');
      session.oboCustomerId = customer.customerId;
      session.ssoTokens.push(ssoToken);
      return sendOk(reply, { [responseMembers.ssoToken]: ssoToken });
    }
  }
  if (op.id === 'AddOrUpdateCard') {
    const mmyy = text(values, 'expirationMonthYear');
    const now = new Date();
    // The expiry check compares the first day of the MMYY month with today.
    if (has('blind20-card-expiring-this-month-refused') && Number(mmyy.slice(0, 2)) === now.getUTCMonth() + 1 && Number(mmyy.slice(2)) === now.getUTCFullYear() % 100 && now.getUTCDate() > 1)
      return sendValidationProblem(reply, request, [{ key: keyOf(op, 'expirationMonthYear'), message: 'The card has expired.' }]);
    // Authorization results cached under the masked number.
    const number = text(values, 'cardNumber');
    if (has('blind20-card-authorization-cached-by-masked-number') && number === defaults.declinedCardNumber && memoryOf(c.faults).approvedMasked.has(maskedNumber(number))
      && c.state.customers.get(customerId)) return upsert('number', number, 'cardNumber');
  }
  if (op.id === 'AddOrUpdateTokenizedCard') {
    // The BIN bound to an integer loses its leading zero.
    if (has('blind20-tcard-bin-leading-zero-lost') && text(values, 'cardBin').startsWith('0'))
      return sendValidationProblem(reply, request, [{ key: keyOf(op, 'cardBin'), message: 'CardBin must be 6 to 8 digits.' }]);
    // The header-versioned route has no network filter.
    if (has('blind20-version-header-tcard-network-check-skipped') && headerVersioned && text(values, 'cardBin') === defaults.deniedCardBin && c.state.customers.get(customerId))
      return upsert('token', text(values, 'cardToken'), 'cardToken');
  }
  // The query-versioned delete sets the older repository's flag, which the list does not read.
  if (op.id === 'DeleteCard' && has('blind20-version-query-delete-not-removed') && queryVersioned(request.url)) {
    const card = c.state.cards.get(text(values, 'cardId').toLowerCase());
    if (card && card.customerId === customerId && c.state.cards.listValid(customerId).includes(card)) return sendDone(reply);
  }
  if (op.id === 'AddSessionAttributes') {
    const items = values.sessionAttributes as Attribute[];
    // The query-versioned registration has its own token store, which AuthenticateOBO never writes.
    if (has('blind20-version-query-sattr-token-store-per-route') && queryVersioned(request.url) && items.some((a) => a.name === 'SsoToken'))
      return sendErrorRow(reply, request, 'INVALID_INFORMATION', 'Invalid information: SsoToken.');
    // AccountIdFilter checked against a repository page of five cards.
    const ids = items.find((a) => a.name === idFilter)?.value?.split(',').map((s) => s.trim().toLowerCase());
    if (has('blind20-sattr-id-filter-checked-on-first-five-cards') && session.oboCustomerId && ids) {
      const page = c.state.cards.listValid(session.oboCustomerId).slice(0, 5).map((k) => k.cardId);
      if (ids.some((id) => !page.includes(id))) return sendErrorRow(reply, request, 'INVALID_INFORMATION', `Invalid information: ${idFilter}.`);
    }
  }
  return undefined;
}
