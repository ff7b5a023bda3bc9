import { enrolledCustomerFound, genericRefusal, legacyOrProblemError, noMatchReported } from '../../checks/index.js';
import type { Exchange } from '../../client/exchange.js';
import { is2xx, type Responded } from '../../checks/support.js';
import { assertedValidRegExp, fieldKey, responseMembers, successRequirementId, type Operation } from '../../contract/index.js';
import { predict } from '../../oracles/model/predict.js';
import { oracle, type Expected, type Oracle } from '../../oracles/judge.js';
import type { AuditEntry } from '../entries.js';
import type { RequestVerdict } from '../rules/request-verdict.js';
import { before, spanOf, type Book, type Span } from '../state/book.js';
import { cardRuleOracles } from './card-rules.js';
import { fieldRules } from './payload-rows.js';
import { sessionRuleExpected } from './session-rules.js';

/**
 * The payload of a recorded call whose access is in order, judged as the run judges a generated
 * case: the field-rule oracles under the Expectation its request deserves (request-verdict.ts),
 * and, where the traffic shows what came before, the business and state rules of the scenario it
 * is part of (a duplicate enrolment, an enrolled customer looked up, cards, sessions).
 */

/** A 400 that names fields: the answer a valid payload must never get, whatever state it names (D37). */
const validationAnswer = (x: Exchange): boolean =>
  x.response?.status === 400 && Array.isArray((x.response.json as Record<string, unknown> | undefined)?.validationErrors);

const span = spanOf;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The references a request makes to target state, all shown to exist by the traffic before it. */
function stateKnown(e: AuditEntry, book: Book): boolean {
  const { body, query } = e.exchange.request;
  const b = (body ?? {}) as Record<string, unknown>;
  const attributes = Array.isArray(b.customerAttributes) ? (b.customerAttributes as Array<{ name?: unknown; value?: unknown }>) : [];
  const customer = b.customerId ?? query.customerId ?? attributes.find((a) => a?.name === 'CustomerId')?.value;
  if (customer !== undefined && !book.customerKnown(customer, span(e))) return false;
  // Cards, paging references, ssoTokens: a GUID that names nothing is D30's (unspecified).
  return d30References.every((name) => b[name] === undefined && query[name] === undefined);
}

/** Fields naming state the recording cannot vouch for: one that names nothing is D30's. */
const d30References = ['cardId', 'accountId', 'pagingTransactionReferenceNumber', 'sessionAttributes'];

/**
 * A validation answer that names only the D30 references the request carries (a 400 naming
 * query.accountId for an account the service does not know, blind3-history-unknown-reference-400):
 * D30 allows any 4xx with a JSON body there. One naming another field blames a valid one (D14, D37).
 */
function blamesOnlyUnvouched(x: Exchange, e: AuditEntry, op: Operation): boolean {
  const { body, query } = e.exchange.request;
  const sent = { ...(body ?? {}) as Record<string, unknown>, ...query };
  const keys = op.fields.filter((f) => d30References.includes(f.name) && sent[f.name] !== undefined).map((f) => fieldKey(op, f).toLowerCase());
  const entries = (x.response?.json as { validationErrors?: Array<{ key?: unknown }> } | undefined)?.validationErrors ?? [];
  const blames = (key: unknown) => typeof key === 'string' && keys.some((k) => key.toLowerCase() === k || key.toLowerCase().startsWith(`${k}[`));
  return entries.length > 0 && entries.every((v) => blames(v?.key));
}

function enrolmentDuplicate(e: AuditEntry, book: Book): boolean {
  const b = (e.exchange.request.body ?? {}) as Record<string, unknown>;
  const ssn = str(b.ssn);
  const email = str(b.emailAddress ?? b.email);
  return book.enrolments.some((x) => before(x, span(e)) && ((ssn && x.ssn === ssn) || (email && x.email?.toLowerCase() === email.toLowerCase())));
}

/** D9: the two year-first forms are valid ways of writing one day, so either finds a customer enrolled with the other (blind15). */
const yearFirst = assertedValidRegExp('dateOfBirth');
const sameBirthDay = (enrolled: unknown, sent: unknown): boolean => enrolled === sent
  || (typeof enrolled === 'string' && typeof sent === 'string' && yearFirst.test(enrolled) && yearFirst.test(sent) && enrolled.replace(/\//g, '-') === sent.replace(/\//g, '-'));

/** FindCustomer: an enrolled customer is found (FIND-ENROLLED); an answer that finds none is one of the D8 readings. */
function findOracles(e: AuditEntry, book: Book): Oracle[] {
  const b = (e.exchange.request.body ?? {}) as Record<string, unknown>;
  const enrolled = book.enrolments.find((x) => before(x, span(e)) && x.ssn === b.ssn && sameBirthDay(x.dateOfBirth, b.dateOfBirth));
  if (enrolled) return [oracle(enrolledCustomerFound, { operation: 'FindCustomer', customerId: enrolled.customerId }, 'FIND-ENROLLED')];
  const foundOne = (x: Responded) => is2xx(x.response.status) && str((x.response.json as Record<string, unknown> | undefined)?.[responseMembers.findCustomer]) !== undefined;
  const noMatch = oracle(noMatchReported, { operation: 'FindCustomer' }, 'FIND-NOT-FOUND');
  return [{ ...noMatch, applies: (x) => noMatch.applies(x) && !foundOne(x as Responded) }];
}

/** The customer a request names (customerId, or the CustomerId attribute). */
function namedCustomer(e: AuditEntry): unknown {
  const b = (e.exchange.request.body ?? {}) as Record<string, unknown>;
  const attributes = Array.isArray(b.customerAttributes) ? (b.customerAttributes as Array<{ name?: unknown; value?: unknown }>) : [];
  return b.customerId ?? e.exchange.request.query.customerId ?? attributes.find((a) => a?.name === 'CustomerId')?.value;
}

/**
 * An attribute that states the customer's record again (contract `restates`: the SSN attribute) with
 * another value than the traffic enrolled the customer with: valid by its format, but a target may
 * refuse the contradiction with a code of its own (D37), as the run's cases allow (generators/operators/cases.ts).
 */
function contradictsRecord(e: AuditEntry, op: Operation, book: Book): boolean {
  const b = (e.exchange.request.body ?? {}) as Record<string, unknown>;
  const customer = str(namedCustomer(e));
  const enrolled = customer ? book.enrolled(customer) : undefined;
  if (!enrolled) return false;
  return op.fields.some((f) => {
    const items = Array.isArray(b[f.name]) ? (b[f.name] as Array<{ name?: unknown; value?: unknown }>) : [];
    return (f.attributes?.allowed ?? []).some((a) => a.restates && items.some((it) => it?.name === a.name && it.value !== enrolled[a.restates!]));
  });
}

/**
 * A valid request about a customer the traffic showed to exist, to an operation whose only
 * documented refusals are a validation answer or CUSTOMER_NOT_FOUND, is accepted: its success row
 * (as the model predicts it, predict.accepted). A refusal for the target's own reasons still is
 * only observed where the operation may decline (D15, D37).
 */
function knownCustomerOracles(e: AuditEntry, op: Operation, book: Book): Oracle[] {
  const onlyThose = op.errors.every((k) => k === 'VALIDATION' || k === 'CUSTOMER_NOT_FOUND');
  const customer = namedCustomer(e);
  if (!onlyThose || customer === undefined || !book.customerKnown(customer, span(e)) || !stateKnown(e, book)) return [];
  return [predict.accepted({ requirement: successRequirementId(op), documented: 'a valid request about a customer that exists is accepted' })];
}

/**
 * Where the call's session is not proven (never opened in this traffic), a refusal may be the
 * session's (D4, any status): only a 2xx, or an answer that names fields, says something about
 * the payload; the rest is not judged.
 */
function aboutThePayload(expected: Expected): Expected {
  return { ...expected, oracles: expected.oracles.map((o) => ({ ...o, applies: (x: Exchange) => o.applies(x) && (is2xx(x.response?.status ?? 0) || validationAnswer(x)) })) };
}

export function payloadExpected(e: AuditEntry, op: Operation, verdict: RequestVerdict, book: Book, sessionProven: boolean): Expected {
  const expected = judgedPayload(e, op, verdict, book, sessionProven);
  return sessionProven ? expected : aboutThePayload(expected);
}

function judgedPayload(e: AuditEntry, op: Operation, verdict: RequestVerdict, book: Book, sessionProven: boolean): Expected {
  const sessions = sessionRuleExpected(e, op, verdict, book);
  if (sessions) return sessions;
  switch (verdict.kind) {
    case 'invalid':
      return fieldRules(verdict.expectation);
    case 'refused':
      return { oracles: [oracle(genericRefusal, { operation: op.id, requirement: verdict.requirement }, verdict.requirement)] };
    case 'open':
      return { oracles: cardRuleOracles(e, op, book) };
    case 'valid': {
      if (op.id === 'EnrollCustomer' && enrolmentDuplicate(e, book))
        return { oracles: [oracle(legacyOrProblemError, { operation: op.id, requirement: 'ENROLL-DUPLICATE' }, 'ENROLL-DUPLICATE')] };
      // State the recording cannot vouch for (a card, a paging reference, a customer it never showed) is D30's:
      // a refusal is only observed, and of the acceptance only "never a validation answer" is asserted.
      const known = sessionProven && stateKnown(e, book);
      const contradicts = contradictsRecord(e, op, book);
      const rules = fieldRules({ ...verdict.expectation, ownRefusals: op.refusesForOwnReasons !== undefined || !known || contradicts });
      const expected = known ? rules : { ...rules, oracles: rules.oracles.map((o) => (o.id === 'validPayloadAccepted' ? { ...o, applies: (x: Exchange) => o.applies(x) && validationAnswer(x) && !blamesOnlyUnvouched(x, e, op) } : o)) };
      const extra = [...(op.id === 'FindCustomer' ? findOracles(e, book) : []), ...cardRuleOracles(e, op, book), ...(contradicts ? [] : knownCustomerOracles(e, op, book))];
      return { ...expected, oracles: [...expected.oracles, ...extra] };
    }
  }
}
