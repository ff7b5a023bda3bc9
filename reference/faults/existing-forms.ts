import { customerAttributes, type Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the classes blind batch 9 showed missing, each on another field or operation than the
 * blind fault: a fixed-width date read by a lenient parser (one digit short), and an identity value
 * written with separators accepted where it names a record that exists (the update path of an
 * upsert, the customer's own SSN), while the same form of a new value is refused. With none on,
 * `existingFormFaultInput` returns the input itself.
 */
export const existingFormFaults: Fault[] = [
  { name: 'enroll-dob-one-digit-day-read', requirement: 'ENROLL-DATE-OF-BIRTH-LENGTH', breaks: 'EnrollCustomer reads dateOfBirth with "yyyy-MM-d" as well, so a 9-character date with a one-digit day (1990-04-1, 1990/04/1) is taken and padded' },
  { name: 'card-number-spaces-read-on-update', requirement: 'CARD-CARD-NUMBER-FORMAT', breaks: 'AddOrUpdateCard looks a card up by its digits before validating, so a card number written in groups with spaces (4111 1111 1111 1111) is taken when the customer holds that card' },
  { name: 'find-ssn-spaces-read-when-enrolled', requirement: 'FIND-SSN-LENGTH', breaks: 'FindCustomer looks the SSN up by its digits before validating it, so an enrolled SSN written 123 45 6789 finds its customer, where the same form of an SSN nobody enrolled is refused with 400' },
  { name: 'cattr-ssn-dashes-read-for-customer', requirement: 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT', breaks: 'AddCustomerAttributes compares the SSN attribute with the customer\'s SSN by its digits, so 123-45-6789 is taken for the customer whose SSN is 123456789' },
];

type Json = Record<string, unknown>;
/** Whether `customerId` holds the card of number `digits`; the SSN of customer `customerId`. */
export interface ExistingState {
  readonly hasCard: (customerId: string, cardNumber: string) => boolean;
  readonly ssnOf: (customerId: string) => string | undefined;
  readonly enrolled: (ssn: string) => boolean;
}
const attributeList = customerAttributes.name;

/** The input as the faulty service reads it before validation. */
export function existingFormFaultInput(faults: FaultSet, op: Operation, input: unknown, state: ExistingState): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !existingFormFaults.some((f) => faults.has(f.name))) return input;
  const out: Json = { ...(input as Json) };
  const str = (k: string) => (typeof out[k] === 'string' ? (out[k] as string) : undefined);
  // DateTime.ParseExact with a second pattern whose day is "d": a one-digit day is read and written back padded.
  const day = /^([0-9]{4})([-/])([0-9]{2})\2([1-9])$/.exec(str('dateOfBirth') ?? '');
  if (op.id === 'EnrollCustomer' && faults.has('enroll-dob-one-digit-day-read') && day) out.dateOfBirth = `${day[1]}${day[2]}${day[3]}${day[2]}0${day[4]}`;
  if (op.id === 'AddOrUpdateCard' && faults.has('card-number-spaces-read-on-update')) {
    const number = str('cardNumber') ?? '';
    const digits = number.replace(/ /g, '');
    if (digits !== number && /^[0-9]{15,19}$/.test(digits) && state.hasCard((str('customerId') ?? '').toLowerCase(), digits)) out.cardNumber = digits;
  }
  const ssnDigits = (str('ssn') ?? '').replace(/ /g, '');
  if (op.id === 'FindCustomer' && faults.has('find-ssn-spaces-read-when-enrolled') && ssnDigits !== str('ssn') && /^[0-9]{9}$/.test(ssnDigits) && state.enrolled(ssnDigits)) out.ssn = ssnDigits;
  if (op.id === 'AddCustomerAttributes' && faults.has('cattr-ssn-dashes-read-for-customer') && Array.isArray(out[attributeList])) {
    const items = out[attributeList] as Array<{ name?: unknown; value?: unknown }>;
    const customerId = items.find((it) => it?.name === 'CustomerId')?.value;
    const own = typeof customerId === 'string' ? state.ssnOf(customerId) : undefined;
    out[attributeList] = items.map((it) => {
      const digits = typeof it?.value === 'string' ? it.value.replace(/-/g, '') : undefined;
      return it?.name === 'SSN' && own !== undefined && digits === own && digits !== it.value ? { ...it, value: digits } : it;
    });
  }
  return out;
}
