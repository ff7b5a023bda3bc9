import { customerAttributes, type Operation } from '../../contract/index.js';
import type { Fault, FaultSet } from './types.js';

/**
 * Faults of the classes blind batch 11 showed missing, each on another trigger than the blind fault
 * (another field, operation or form): a format break taken on the update path only, a fixed-width
 * digits value one digit short padded, a decimal with a locale's group separator read, a date before
 * a store's epoch crashing. With none on, `operatorClassFaultInput` returns the input itself.
 */
export const operatorClassFaults: Fault[] = [
  { name: 'tcard-expiration-month-zero-on-update', requirement: 'ERR-KEYS-COMPLETE', breaks: 'AddOrUpdateTokenizedCard reads month 00 of expirationMonthYear as 01 when the token is already held (the partial-update parser), where a new card is refused; "MMYY, single-digit month preceded by 0"' },
  { name: 'tcard-bin-nine-digits-cut', requirement: 'TCARD-CARD-BIN-FORMAT', breaks: 'AddOrUpdateTokenizedCard checks cardBin with ^[0-9]{6,9}$ and keeps the first 8 digits of a 9-digit BIN; "6 to 8 digit BIN"' },
  { name: 'cattr-amount-space-group-read', requirement: 'ERR-KEYS-COMPLETE', breaks: 'AddCustomerAttributes reads AverageMonthlyLoadAmount with a culture whose group separator is a space, so 1 234.56 is taken as 1234.56; "Format DDDDD.CC"' },
  { name: 'card-customer-id-optional-on-update', requirement: 'CARD-CUSTOMER-ID-REQUIRED', breaks: 'AddOrUpdateCard without a customerId updates the card its cardNumber names, for the customer who holds it (the owner check runs only when a customerId is sent); "customerId | Guid | yes"' },
  { name: 'sattr-id-filter-inner-empty-dropped', requirement: 'SATTR-SESSION-ATTRIBUTES-FORMAT', breaks: 'AddSessionAttributes collapses a doubled comma inside AccountIdFilter before its check, so <card>,,<card> naming the customer\'s card is taken (a leading or trailing comma is still refused); "Comma-separated list of card GUIDs"' },
  { name: 'cattr-date-before-1753-500', requirement: 'GEN-NO-5XX', breaks: 'AddCustomerAttributes binds the MM-DD-YYYY date attributes to a SQL datetime, so a year before 1753 fails with 500 (no range is documented: a refusal would be allowed, a crash is not)' },
];

type Json = Record<string, unknown>;
const dates = new Set(customerAttributes.attributes.allowed.filter((a) => a.valueFormat === 'mmddyyyy').map((a) => a.name));

/** The input as the faulty service reads it before validation; throws where the fault crashes. */
export function operatorClassFaultInput(
  faults: FaultSet, op: Operation, input: unknown, holdsToken: (customerId: string, token: string) => boolean, holderOf: (cardNumber: string) => string | undefined,
): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !operatorClassFaults.some((f) => faults.has(f.name))) return input;
  const out: Json = { ...(input as Json) };
  const str = (k: string) => (typeof out[k] === 'string' ? (out[k] as string) : undefined);
  if (op.id === 'AddOrUpdateTokenizedCard') {
    const exp = str('expirationMonthYear') ?? '';
    if (faults.has('tcard-expiration-month-zero-on-update') && /^00[0-9]{2}$/.test(exp) && holdsToken(str('customerId') ?? '', str('cardToken') ?? ''))
      out.expirationMonthYear = `01${exp.slice(2)}`;
    if (faults.has('tcard-bin-nine-digits-cut') && /^[0-9]{9}$/.test(str('cardBin') ?? '')) out.cardBin = str('cardBin')!.slice(0, 8);
  }
  if (op.id === 'AddOrUpdateCard' && faults.has('card-customer-id-optional-on-update') && (out.customerId === undefined || out.customerId === null)) {
    const holder = holderOf(str('cardNumber') ?? '');
    if (holder !== undefined) out.customerId = holder;
  }
  if (op.id === 'AddSessionAttributes' && faults.has('sattr-id-filter-inner-empty-dropped') && Array.isArray(out.sessionAttributes))
    out.sessionAttributes = (out.sessionAttributes as unknown[]).map((it) => {
      const item = it as Json | null;
      return item?.name === 'AccountIdFilter' && typeof item.value === 'string' ? { ...item, value: item.value.replace(/([^,]),{2,}(?=[^,])/g, '$1,') } : it;
    });
  if (op.id === 'AddCustomerAttributes' && Array.isArray(out[customerAttributes.name]))
    out[customerAttributes.name] = (out[customerAttributes.name] as unknown[]).map((it) => {
      const item = it as Json | null;
      const value = typeof item?.value === 'string' ? item.value : undefined;
      if (!item || value === undefined) return it;
      if (faults.has('cattr-amount-space-group-read') && item.name === 'AverageMonthlyLoadAmount' && /^[0-9]{1,2} [0-9]{3}\.[0-9]{2}$/.test(value)) return { ...item, value: value.replace(' ', '') };
      const year = /^[0-9]{2}-[0-9]{2}-([0-9]{4})$/.exec(value)?.[1];
      if (faults.has('cattr-date-before-1753-500') && dates.has(String(item.name)) && year !== undefined && Number(year) < 1753)
        throw new RangeError('SqlDateTime overflow. Must be between 1/1/1753 12:00:00 AM and 12/31/9999 11:59:59 PM.');
      return it;
    });
  return out;
}
