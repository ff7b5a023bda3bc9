import type { Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the input classes the blind batches showed missing (issue 21): a normaliser that
 * undoes a near miss before validating, and a parser or store that crashes on input the contract
 * allows or leaves open. Each is one rewrite of the raw input, on more than one operation where
 * the class spans several. With none on, `classFaultInput` returns the input itself.
 */
export const inputClassFaults: Fault[] = [
  { name: 'find-ssn-separators-stripped', requirement: 'FIND-SSN-LENGTH', breaks: 'FindCustomer strips dashes and spaces from the SSN before validating, so 123-45-6789 is accepted' },
  { name: 'enroll-phone-country-code-dropped', requirement: 'ENROLL-MOBILE-NUMBER-LENGTH', breaks: 'EnrollCustomer drops a leading 1 from an 11-digit mobile number instead of refusing it' },
  { name: 'guid-dashes-optional', requirement: 'CARDS-CUSTOMER-ID-LENGTH', breaks: 'GetRegisteredCards and GetTransactionHistory take a customerId written without its dashes (32 hex digits)' },
  { name: 'text-apostrophe-500', requirement: 'GEN-NO-5XX', breaks: 'EnrollCustomer and AddOrUpdateCard crash with 500 on an apostrophe in a name, address line or city (an unescaped SQL string)' },
  // Blind batch 18's class (a list filter of no item is still a filter), on AccountIdFilter beside AccountNumberFilter.
  { name: 'sattr-both-filters-empty-id-list-dropped', requirement: 'SATTR-FILTERS', breaks: 'AccountIdFilter is read with Split(\',\', RemoveEmptyEntries) and dropped when nothing is left, so a list of commas beside AccountNumberFilter naming the customer\'s own card is accepted, though the filters "are mutually exclusive; sending both returns an error" (D19)' },
  // Blind batch 18's class (a denial of state the run made and saw is no reason of the target's own, D37), on another operation than its AddCustomerAttributes.
  { name: 'card-long-name-customer-not-found', requirement: 'GEN-VALID-ACCEPTED', breaks: 'AddOrUpdateCard with a nameOnCard longer than 64 characters takes the cardholder-name path, which reads the customer through a view whose name column is varchar(64), so the row is lost and the customer is answered 422 CUSTOMER_NOT_FOUND, though it exists and nameOnCard is "0 | 100"' },
  // Blind batch 18's class (a creating write the target accepted is read back whatever form its request took), on the SSN rather than the date of birth.
  { name: 'enroll-email-alias-ssn-offset', requirement: 'FIND-ENROLLED', breaks: 'an enrolment sent with the `email` key (D10) goes through the legacy DTO, which maps the SSN through a masking helper that shifts its first digit, so FindCustomer with the SSN enrolled answers CUSTOMER_NOT_FOUND, though the customer was enrolled' },
  // Blind batch 19's class (free text changed by an encoder or decoder on its way), on the tokenized card's write, not the card list's HTML encoding.
  { name: 'tcard-nickname-url-decoded', requirement: 'STATE-TCARD-CHANGED', breaks: 'AddOrUpdateTokenizedCard runs its text members through a URL decoder (a form-post legacy), so a nickname "7+%20x" is stored as "7  x", though the card data sent is stored and "any card data differs" makes an update store it as sent' },
  { name: 'number-overflow-500', requirement: 'GEN-NO-5XX', breaks: 'GetTransactionHistory crashes with 500 on a pageSize beyond 32 bits instead of refusing it' },
];

type Json = Record<string, unknown>;
const texts = ['firstName', 'lastName', 'addressLine1', 'addressLine2', 'city', 'nameOnCard', 'cardNickname'];
const dashedGuid = (v: string) => (/^[0-9a-f]{32}$/i.test(v) ? `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}` : v);

/** The input as the faulty service reads it before validation; throws where the fault crashes. */
export function classFaultInput(faults: FaultSet, op: Operation, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !inputClassFaults.some((f) => faults.has(f.name))) return input;
  const out: Json = { ...(input as Json) };
  const str = (k: string) => (typeof out[k] === 'string' ? (out[k] as string) : undefined);
  if (op.id === 'FindCustomer' && faults.has('find-ssn-separators-stripped') && str('ssn')) out.ssn = str('ssn')!.replace(/[- ]/g, '');
  if (op.id === 'EnrollCustomer' && faults.has('enroll-phone-country-code-dropped') && /^1[0-9]{10}$/.test(str('mobileNumber') ?? '')) out.mobileNumber = str('mobileNumber')!.slice(1);
  if ((op.id === 'GetRegisteredCards' || op.id === 'GetTransactionHistory') && faults.has('guid-dashes-optional') && str('customerId')) out.customerId = dashedGuid(str('customerId')!);
  if ((op.id === 'EnrollCustomer' || op.id === 'AddOrUpdateCard') && faults.has('text-apostrophe-500') && texts.some((k) => str(k)?.includes("'")))
    throw new Error('syntax error at or near "\'"');
  // HttpUtility.UrlDecode on the tokenized route's text members: "+" is a space, %XX a byte.
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-nickname-url-decoded') && str('cardNickname'))
    out.cardNickname = str('cardNickname')!.replace(/\+/g, ' ').replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  if (op.id === 'GetTransactionHistory' && faults.has('number-overflow-500') && /^-?[0-9]+$/.test(String(out.pageSize ?? '')) && Math.abs(Number(out.pageSize)) > 2 ** 31 - 1)
    throw new RangeError('Value was either too large or too small for an Int32.');
  if (op.id === 'EnrollCustomer' && faults.has('enroll-email-alias-ssn-offset') && 'email' in out && !('emailAddress' in out) && /^[0-9]{9}$/.test(str('ssn') ?? ''))
    out.ssn = `${(Number(str('ssn')![0]) + 1) % 10}${str('ssn')!.slice(1)}`;
  // The lost view row: the customer is looked up as if it were no one.
  if (op.id === 'AddOrUpdateCard' && faults.has('card-long-name-customer-not-found') && (str('nameOnCard')?.length ?? 0) > 64) out.customerId = '00000000-0000-4000-8000-0000000000fe';
  if (op.id === 'AddSessionAttributes' && faults.has('sattr-both-filters-empty-id-list-dropped') && Array.isArray(out.sessionAttributes)) {
    const items = out.sessionAttributes as Json[];
    const named = (n: string) => items.find((a) => a?.name === n);
    const ids = named('AccountIdFilter')?.value;
    if (named('AccountNumberFilter') && typeof ids === 'string' && ids.split(',').every((e) => e.trim() === ''))
      out.sessionAttributes = items.filter((a) => a?.name !== 'AccountIdFilter');
  }
  return out;
}
