import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorRow, referenceOnlyErrors, responseMembers, rfcSections } from '../../contract/index.js';
import { requestPath, sendReferenceProblem, sendErrorRow, sendLegacyError, sendProblem } from '../problems.js';
import { defineOperation } from './route.js';
import { calendarDate, isYearFirstSlashed } from './dates.js';
import { pause, sendOk, text, type OperationContext } from './context.js';
import { raceWindow } from '../faults/blind3/access.js';
import { missCached, rememberMiss } from '../faults/blind7/memo.js';
import { enrolledIn, rememberEnrolled } from '../faults/blind10/memo.js';
import { missedSsn, rememberMissedSsn } from '../faults/stale-caches.js';
import { ofacHeld } from '../blind2/rules.js';

/** The fault `leak-ssn-echo` echoes the SSN in this response header (NO-SECRET-ECHO). */
const leakHeader = 'x-customer-ssn';

/** D9: the same day in either accepted form; the fault `find-dob-compared-as-text` compares the text as enrolled. */
const sameBirthDate = (faults: OperationContext['faults'], customer: { dateOfBirth: string; dateOfBirthSent: string }, sent: string): boolean =>
  (faults.has('find-dob-compared-as-text') ? customer.dateOfBirthSent === sent
    // blind5-find-dob-day-ignored: the dates compared by DATEDIFF(month, ...) = 0.
    : faults.has('blind5-find-dob-day-ignored') ? customer.dateOfBirth.slice(0, 7) === calendarDate(sent).slice(0, 7)
    : customer.dateOfBirth === calendarDate(sent));

/** enroll-refused-ssn-duplicate-keeps-customer: the person rows a DUPLICATE_SSN refusal left behind, per reference instance. */
const refusedRows = new WeakMap<object, Array<{ customerId: string; ssn: string; dateOfBirth: string }>>();
const refusedRowsOf = (store: object) => refusedRows.get(store) ?? (refusedRows.set(store, []), refusedRows.get(store)!);

/** FindCustomer: SSN and date of birth (compared as calendar dates, D9) → `{customerId}`; no match → 422 (D8). */
export function findCustomer(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'FindCustomer', (c, { values, request, reply }) => {
    const ssn = text(values, 'ssn');
    // blind5-find-ssn-leading-zero-lost: the SSN bound to a long and written back without padding.
    // blind6-find-ssn-last-four-only: the identity-check query, birth date and last four SSN digits.
    const lastFour = c.faults.has('blind6-find-ssn-last-four-only')
      ? c.state.customers.matching((x) => x.ssn.slice(-4) === ssn.slice(-4) && x.dateOfBirth === calendarDate(text(values, 'dateOfBirth'))) : undefined;
    // find-itin-by-birth-date-only: the ITIN register's query matches the birth date alone.
    const itin = c.faults.has('find-itin-by-birth-date-only') && ssn.startsWith('9')
      ? c.state.customers.matching((x) => x.dateOfBirth === calendarDate(text(values, 'dateOfBirth'))) : undefined;
    const customer = lastFour ?? itin ?? c.state.customers.withSsn(c.faults.has('blind5-find-ssn-leading-zero-lost') ? String(Number(ssn)) : ssn);
    const hidden = customer && c.faults.has('find-enrolled-missing') && isYearFirstSlashed(customer.dateOfBirthSent);
    if (c.faults.has('leak-ssn-echo')) reply.header(leakHeader, ssn);
    // blind7-find-miss-cached: a miss is cached by SSN and date of birth, and no enrolment evicts it.
    const missKey = `${ssn}|${calendarDate(text(values, 'dateOfBirth'))}`;
    // find-miss-cached-by-ssn: a miss is cached by the SSN alone, and no enrolment evicts it.
    const staleMiss = (c.faults.has('blind7-find-miss-cached') && missCached(c.state.customers, missKey)) || (c.faults.has('find-miss-cached-by-ssn') && missedSsn(c.state.customers, ssn));
    // blind7-find-itin-dob-ignored: an ITIN is looked up in the ITIN register by its number alone.
    const itinByNumber = c.faults.has('blind7-find-itin-dob-ignored') && ssn.startsWith('9');
    // blind1-find-dob-ignored: the SSN alone selects the customer.
    if (customer && !hidden && !staleMiss && (itinByNumber || c.faults.has('blind1-find-dob-ignored') || c.faults.has('find-ssn-only') || sameBirthDate(c.faults, customer, text(values, 'dateOfBirth'))))
      // blind2-find-customer-id-pascal-key: the member spelt as EnrollCustomer spells it; version-query-find-old-body: `id` from the older controller.
      return sendOk(reply, { [c.faults.has('version-query-find-old-body') && /[?&]apiVersion=/.test(request.url) ? 'id' : c.faults.has('blind2-find-customer-id-pascal-key') ? responseMembers.enrollCustomer : responseMembers.findCustomer]: c.faults.has('find-customer-id-not-guid') ? customer.customerId.replace(/-/g, '') : customer.customerId });
    // enroll-refused-ssn-duplicate-keeps-customer: the row a refused enrolment left matches its own SSN and date of birth.
    const kept = c.faults.has('enroll-refused-ssn-duplicate-keeps-customer')
      ? refusedRowsOf(c.state.customers).find((r) => r.ssn === ssn && r.dateOfBirth === calendarDate(text(values, 'dateOfBirth'))) : undefined;
    if (kept) return sendOk(reply, { [responseMembers.findCustomer]: kept.customerId });
    if (c.faults.has('blind7-find-miss-cached')) rememberMiss(c.state.customers, missKey);
    if (c.faults.has('find-miss-cached-by-ssn')) rememberMissedSsn(c.state.customers, ssn);
    // blind4-find-not-found-null-id: the lookup's null result serialised as it is.
    if (c.faults.has('blind4-find-not-found-null-id')) return sendOk(reply, { [responseMembers.findCustomer]: null });
    // D8: "returns an empty string" is the other documented reading of no match.
    if (c.readings.has('find-empty-customer-id')) return sendOk(reply, { [responseMembers.findCustomer]: '' });
    // blind3-find-not-found-echoes-ssn: the lookup key quoted back to help the caller debug.
    const detail = c.faults.has('blind3-find-not-found-echoes-ssn') ? `No customer matches SSN ${ssn} and date of birth ${text(values, 'dateOfBirth')}.` : 'No customer matches the SSN and date of birth.';
    if (c.faults.has('find-no-match-not-found')) return sendReferenceProblem(reply, request, 'notFound', detail);
    const row = errorRow('CUSTOMER_NOT_FOUND');
    // blind2-find-not-found-type-404: "not found" taken for the 404 section of RFC 7231.
    if (c.faults.has('blind2-find-not-found-type-404'))
      return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode ?? row.key, title: row.title, typeUrl: rfcSections.notFound.url, detail });
    // blind9-find-not-found-status-missing: the customers controller builds its Problem by hand, without the status member.
    if (c.faults.has('blind9-find-not-found-status-missing'))
      return reply.code(row.status).type('application/problem+json').send(JSON.stringify({ type: row.typeRfc!.url, title: row.title, detail, instance: requestPath(request), errorCode: row.errorCode ?? row.key }));
    if (!c.faults.has('find-wrong-title')) return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', detail);
    return sendProblem(reply, request, { status: row.status, errorCode: row.errorCode ?? row.key, title: referenceOnlyErrors.notFound.title, detail });
  });
}

/** Reading `blind-enroll-adults-only`: born (YYYY-MM-DD) less than 18 years ago. */
function underAge(isoDate: string): boolean {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y! + 18, m! - 1, d!) > Date.now();
}

/** About one value in five, always the same ones (readings that refuse what the harness cannot foresee, D37). */
export const oneInFive = (value: string): boolean => createHash('sha256').update(value).digest()[0]! % 5 === 0;

/** EnrollCustomer: refuses a used SSN or e-mail (D16, legacy shape), else `{CustomerId}`. */
export function enrollCustomer(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'EnrollCustomer', async (c, { values, session, request, reply }) => {
    // blind10-enroll-duplicate-checked-per-session: the duplicate checks read the session's own enrolments only.
    const perSession = c.faults.has('blind10-enroll-duplicate-checked-per-session');
    const seen = <T extends { customerId: string }>(found: T | undefined): T | undefined => (perSession && !enrolledIn(session, found?.customerId) ? undefined : found);
    const ssn = text(values, 'ssn');
    const email = text(values, 'emailAddress');
    const inUse = (code: string, message: string) =>
      sendProblem(reply, request, { status: referenceOnlyErrors.duplicateSsn.status, errorCode: code, title: 'Already Enrolled', detail: message });
    // Reading `refuse-some-enrolments` (D37): a shared sandbox where about one SSN in five is in use elsewhere.
    if (c.readings.has('refuse-some-enrolments') && oneInFive(ssn))
      return sendLegacyError(reply, 422, 'SSN_IN_USE_ELSEWHERE', 'This SSN is registered with another partner.');
    // blind5-enroll-duplicate-ssn-returns-existing: an "idempotent" enrolment hands back the customer the SSN names.
    const existing = c.faults.has('blind5-enroll-duplicate-ssn-returns-existing') ? c.state.customers.withSsn(ssn) : undefined;
    if (existing) return sendOk(reply, { [responseMembers.enrollCustomer]: existing.customerId });
    // blind7-enroll-duplicate-ssn-skipped-with-referrer: the referral enrolment path checks the e-mail only.
    const referral = c.faults.has('blind7-enroll-duplicate-ssn-skipped-with-referrer') && typeof values.referrerCode === 'string';
    // enroll-itin-duplicate-accepted: an ITIN (area 9) is checked against the SSN register only, where it never is.
    const itinUnchecked = c.faults.has('enroll-itin-duplicate-accepted') && ssn.startsWith('9');
    // blind9-enroll-duplicate-ssn-other-dob-accepted: the duplicate query is keyed by SSN and date of birth.
    const otherBirth = c.faults.has('blind9-enroll-duplicate-ssn-other-dob-accepted') && c.state.customers.withSsn(ssn)?.dateOfBirth !== calendarDate(text(values, 'dateOfBirth'));
    if (seen(c.state.customers.withSsn(ssn)) && !c.faults.has('enroll-duplicate-ssn-accepted') && !referral && !itinUnchecked && !otherBirth) {
      // enroll-refused-ssn-duplicate-keeps-customer: the person row was inserted before the SSN check, and the refusal does not roll it back.
      if (c.faults.has('enroll-refused-ssn-duplicate-keeps-customer'))
        refusedRowsOf(c.state.customers).push({ customerId: randomUUID(), ssn, dateOfBirth: calendarDate(text(values, 'dateOfBirth')) });
      if (c.readings.has('duplicate-problem-codes')) return inUse('SSN_IN_USE', 'A customer with this SSN is already enrolled.');
      const e = referenceOnlyErrors.duplicateSsn;
      // blind6-enroll-duplicate-ssn-200: the legacy "success with an error code" answer.
      if (c.faults.has('blind6-enroll-duplicate-ssn-200')) return sendLegacyError(reply, 200, e.legacyCode, 'A customer with this SSN is already enrolled.');
      const message = c.faults.has('blind1-enroll-duplicate-echoes-ssn') ? `A customer with SSN ${ssn} is already enrolled.` : 'A customer with this SSN is already enrolled.';
      return sendLegacyError(reply, c.readings.has('duplicate-409-legacy') ? 409 : e.status, e.legacyCode, message);
    }
    const emailTaken = seen(c.readings.has('blind-email-exact-duplicates') ? c.state.customers.withExactLocalPart(email) : c.state.customers.withEmail(email));
    // blind10-enroll-duplicate-email-returns-existing: the e-mail branch "finds" the customer instead of refusing.
    if (emailTaken && c.faults.has('blind10-enroll-duplicate-email-returns-existing')) return sendOk(reply, { [responseMembers.enrollCustomer]: emailTaken.customerId });
    // blind8-enroll-duplicate-email-alias-key-only: the duplicate check reads the `email` alias of the request, not emailAddress.
    const aliasOnly = c.faults.has('blind8-enroll-duplicate-email-alias-key-only') && !(typeof request.body === 'object' && request.body !== null && 'email' in request.body);
    if (emailTaken && !c.faults.has('blind1-enroll-duplicate-email-accepted') && !aliasOnly) {
      if (c.readings.has('duplicate-problem-codes')) return inUse('EMAIL_IN_USE', 'A customer with this e-mail address is already enrolled.');
      const e = referenceOnlyErrors.duplicateEmail;
      // blind9-enroll-duplicate-email-no-code: the e-mail branch writes its message and forgets the code.
      if (c.faults.has('blind9-enroll-duplicate-email-no-code'))
        return reply.code(e.status).type('application/json').send({ [responseMembers.legacyErrorMessage]: 'A customer with this e-mail address is already enrolled.' });
      return sendLegacyError(reply, c.readings.has('duplicate-409-legacy') ? 409 : e.status, e.legacyCode, 'A customer with this e-mail address is already enrolled.');
    }
    // blind4-enroll-ssn-race: a screening call awaited between the duplicate checks and the insert.
    if (c.faults.has('blind4-enroll-ssn-race')) await new Promise((resolve) => setTimeout(resolve, 150));
    const dateOfBirthSent = text(values, 'dateOfBirth');
    // Reading `blind-enroll-adults-only` (D37): a check cashing account is for adults.
    if (c.readings.has('blind-enroll-adults-only') && underAge(calendarDate(dateOfBirthSent)))
      return sendLegacyError(reply, 422, 'UNDERAGE', 'The customer must be at least 18 years old.');
    // Reading `blind2-enroll-ofac` (D37): a countryOfOrigin under comprehensive sanctions holds the enrolment.
    if (ofacHeld(c.readings, values.countryOfOrigin, reply)) return reply;
    // blind3-enroll-race: the insert waits on I/O after the duplicate checks, with no unique constraint behind them.
    if (c.faults.has('blind3-enroll-race')) await raceWindow();
    // enroll-check-then-insert: the duplicate checks and the insert are separate statements with a pause between.
    if (c.faults.has('enroll-check-then-insert')) await pause();
    // enroll-leap-day-birth-500: past validation, the birthday reminder is built in a year with no 29 February.
    if (c.faults.has('enroll-leap-day-birth-500') && calendarDate(dateOfBirthSent).endsWith('-02-29'))
      throw new RangeError(`Day 29 is out of range for February of the reminder year (dateOfBirth ${dateOfBirthSent})`);
    // enroll-emoji-stored-500: past validation, the insert into a three-byte UTF-8 column fails on an emoji.
    if (c.faults.has('enroll-emoji-stored-500') && Object.values(values).some((v) => typeof v === 'string' && /[\u{10000}-\u{10FFFF}]/u.test(v)))
      throw new Error("Incorrect string value: '\\xF0\\x9F\\x91\\xBE' for column 'FirstName'");
    // enroll-ssn-stored-as-number: a numeric SSN column; a lookup with the nine digits sent misses a leading zero.
    const stored = c.faults.has('enroll-ssn-stored-as-number') ? String(Number(ssn)) : ssn;
    const customer = c.state.customers.enroll({ ssn: stored, email, dateOfBirth: calendarDate(dateOfBirthSent), dateOfBirthSent });
    if (perSession) rememberEnrolled(session, customer.customerId);
    // The success status of EnrollCustomer is not shown: the reading answers 201 Created.
    if (c.readings.has('created-201')) reply.code(201);
    const member = c.faults.has('enroll-customer-id-lowercase') ? responseMembers.enrollCustomer.toLowerCase() : responseMembers.enrollCustomer;
    // enroll-country-customer-id-not-stored: the international path answers from its request DTO, whose Id the database never saw.
    const international = c.faults.has('enroll-country-customer-id-not-stored') && typeof values.countryOfOrigin === 'string' && values.countryOfOrigin !== '';
    const body = { [member]: c.faults.has('enroll-customer-id-not-guid') ? '12345' : international ? randomUUID() : customer.customerId };
    // blind7-enroll-success-text-plain: the body serialised by hand and written as a string result.
    if (c.faults.has('blind7-enroll-success-text-plain')) return reply.code(reply.statusCode === 201 ? 201 : 200).type('text/plain; charset=utf-8').send(JSON.stringify(body));
    return sendOk(reply, body);
  });
}
