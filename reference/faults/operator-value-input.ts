import { customerAttributes, type Operation } from '../../contract/index.js';
import type { FaultSet } from './types.js';
import { operatorClassFaultInput } from './operator-classes.js';
import { operatorBinderFaultInput } from './operator-binders.js';
import { operatorValueFaults } from './operator-values.js';

/**
 * How the operator catalogue's faults (operator-values.ts) read a request: the input as the faulty
 * service sees it before validation. Apart from the list, which the fault index reads alone.
 */

type Json = Record<string, unknown>;
/** The value of a decimal digit of any script: Unicode puts each script's 0-9 in a row, so it is the distance to that row's 0. */
function digitValue(d: string): number {
  let code = d.codePointAt(0)!;
  while (/\p{Nd}/u.test(String.fromCodePoint(code - 1))) code -= 1;
  return d.codePointAt(0)! - code;
}
const asciiDigits = (v: string) => v.replace(/\p{Nd}/gu, (d) => String(digitValue(d)));
const astral = /[\u{10000}-\u{10FFFF}]/u;
/** The count attributes (D31: whole numbers), by name from the contract. */
const counts = new Set(customerAttributes.attributes.allowed.filter((a) => a.valueFormat === 'count').map((a) => a.name));
/** The MM-DD-YYYY date attributes, by name from the contract. */
const dates = new Set(customerAttributes.attributes.allowed.filter((a) => a.valueFormat === 'mmddyyyy').map((a) => a.name));

/** The input as the faulty service reads it before validation; throws where the fault crashes. */
export function operatorFaultInput(
  faults: FaultSet, op: Operation, input: unknown, holdsToken: (customerId: string, token: string) => boolean = () => false,
  holderOf: (cardNumber: string) => string | undefined = () => undefined,
): unknown {
  if (faults.has('body-not-object-500') && op.method === 'POST' && (typeof input !== 'object' || input === null || Array.isArray(input)))
    throw new TypeError(`Cannot read properties of ${input === null ? 'null' : 'a non-object body'} (reading '${op.fields[0]?.name ?? 'value'}')`);
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !operatorValueFaults.some((f) => faults.has(f.name))) return input;
  const out: Json = { ...(input as Json) };
  const str = (k: string) => (typeof out[k] === 'string' ? (out[k] as string) : undefined);
  if (op.id === 'FindCustomer' && faults.has('ssn-whitespace-trimmed') && str('ssn')) out.ssn = str('ssn')!.trim();
  if (op.id === 'EnrollCustomer' && faults.has('phone-unicode-digits'))
    for (const k of ['mobileNumber', 'homeNumber']) if (str(k)) out[k] = asciiDigits(str(k)!);
  if (op.id === 'FindCustomer' && faults.has('dob-date-time-cut') && /^[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}T/.test(str('dateOfBirth') ?? '')) out.dateOfBirth = str('dateOfBirth')!.slice(0, 10);
  if (op.id === 'AddOrUpdateCard' && faults.has('card-zip-plus-four-cut') && /^[0-9]{5}-[0-9]{4}$/.test(str('zip') ?? '')) out.zip = str('zip')!.slice(0, 5);
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('mmyy-month-zero-padded') && /^[0-9]{3}$/.test(str('expirationMonthYear') ?? '')) out.expirationMonthYear = `0${str('expirationMonthYear')}`;
  if (op.id === 'AddCustomerAttributes' && faults.has('current-balance-format-unchecked') && Array.isArray(out.customerAttributes))
    out.customerAttributes = (out.customerAttributes as Json[]).map((it) => (it?.name === 'CurrentBalance' ? { ...it, value: '00000.00' } : it));
  if (op.id === 'EnrollCustomer' && faults.has('gender-any-letter') && /^[A-Z]$/.test(str('gender') ?? '')) out.gender = 'M';
  if (op.id === 'AddOrUpdateCard' && faults.has('emoji-500') && Object.values(out).some((v) => typeof v === 'string' && astral.test(v)))
    throw new Error("Incorrect string value: '\\xF0\\x9F\\x91\\xBE' for column 'nickname'");
  if (op.id === 'AddCustomerAttributes' && faults.has('repeated-attribute-500') && Array.isArray(out.customerAttributes)) {
    const names = (out.customerAttributes as Json[]).map((it) => it?.name);
    if (new Set(names).size < names.length) throw new Error('An item with the same key has already been added.');
  }
  const items = (k: string): unknown[] => (Array.isArray(out[k]) ? (out[k] as unknown[]) : []);
  if (op.id === 'AddSessionAttributes' && faults.has('attribute-item-not-object-500') && items('sessionAttributes').some((it) => typeof it !== 'object' || it === null))
    throw new TypeError("Cannot read properties of null (reading 'name')");
  if (op.id === 'AddCustomerAttributes' && faults.has('attribute-value-not-string-500') && items('customerAttributes').some((it) => typeof it === 'object' && it !== null && 'value' in it && typeof (it as Json).value !== 'string'))
    throw new TypeError('value.trim is not a function');
  if (op.id === 'AddCustomerAttributes' && faults.has('returned-checks-amount-six-digits') && Array.isArray(out.customerAttributes))
    out.customerAttributes = (out.customerAttributes as Json[]).map((it) => (it?.name === 'BalanceOnReturnedChecks' && /^[0-9]{6}\.[0-9]{2}$/.test(String(it.value)) ? { ...it, value: String(it.value).slice(1) } : it));
  // tcard-nickname-unchecked-on-update: the update path binds to the stored card, whose setter cuts the nickname.
  const nickname = str('cardNickname');
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-nickname-unchecked-on-update') && nickname !== undefined && nickname.length > 20 && holdsToken(str('customerId') ?? '', str('cardToken') ?? ''))
    out.cardNickname = nickname.slice(0, 20);
  if (op.id === 'AddOrUpdateCard' && faults.has('trailing-newline-accepted') && str('cardNumber')?.endsWith('\n')) out.cardNumber = str('cardNumber')!.slice(0, -1);
  if (op.id === 'GetTransactionHistory' && faults.has('int-parsed-leniently') && /^[0-9]+[^0-9]/.test(String(out.pageSize ?? ''))) out.pageSize = String(parseInt(String(out.pageSize), 10));
  if (op.id === 'AddCustomerAttributes' && faults.has('count-fraction-accepted'))
    out.customerAttributes = items('customerAttributes').map((it) => {
      const item = it as Json | null;
      return item && counts.has(String(item.name)) && /^[0-9]+\.[0-9]+$/.test(String(item.value)) ? { ...item, value: String(item.value).split('.')[0] } : it;
    });
  if (op.id === 'AddCustomerAttributes' && ['cattr-date-separators-normalised', 'current-balance-cents-optional', 'decimal-number-plus-sign'].some((f) => faults.has(f)))
    out.customerAttributes = items('customerAttributes').map((it) => {
      const item = it as Json | null;
      const value = typeof item?.value === 'string' ? item.value : undefined;
      if (!item || value === undefined) return it;
      if (faults.has('cattr-date-separators-normalised') && dates.has(String(item.name)) && /^[0-9]{2}[. ][0-9]{2}[. ][0-9]{4}$/.test(value)) return { ...item, value: value.replace(/[. ]/g, '-') };
      if (faults.has('current-balance-cents-optional') && item.name === 'CurrentBalance' && /^[0-9]{1,5}$/.test(value)) return { ...item, value: `${value}.00` };
      if (faults.has('decimal-number-plus-sign') && item.name === 'TransactionsPerMonth' && /^\+[0-9]/.test(value)) return { ...item, value: value.slice(1) };
      return it;
    });
  if (op.id === 'AddCustomerAttributes' && ['check-amount-sign-dropped', 'checks-cashed-int64-500', 'cattr-date-leap-day-refused'].some((f) => faults.has(f)))
    out.customerAttributes = items('customerAttributes').map((it) => {
      const item = it as Json | null;
      const value = typeof item?.value === 'string' ? item.value : '';
      if (faults.has('check-amount-sign-dropped') && item?.name === 'AverageCheckCashedAmt' && /^-[0-9]/.test(value)) return { ...item, value: value.slice(1) };
      if (faults.has('checks-cashed-int64-500') && item?.name === 'NumberOfChecksCashed' && /^[0-9]+$/.test(value) && BigInt(value) > 2n ** 63n - 1n)
        throw new RangeError('Value was either too large or too small for an Int64.');
      // new DateTime(1900, month, day), the column's epoch year: 29 February of 1900 is no day, and the value is refused.
      if (faults.has('cattr-date-leap-day-refused') && item?.name === 'LastDebitPurchaseDate' && /^02-29-/.test(value)) return { ...item, value: '\u0000' };
      return it;
    });
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-zip-non-ascii-500') && /[^\x00-\x7f]/.test(str('zip') ?? ''))
    throw new RangeError('Invalid character in address for ASCII encoding (zip).');
  if (op.id === 'AddOrUpdateTokenizedCard' && faults.has('tcard-token-over-255-500') && (str('cardToken')?.length ?? 0) > 255)
    throw new Error("String or binary data would be truncated in table 'TokenizedCards', column 'CardToken'.");
  if (op.id === 'GetTransactionHistory' && faults.has('history-repeated-param-500') && Object.values(out).some(Array.isArray))
    throw new TypeError('pageSize.trim is not a function');
  if (op.id === 'DeleteCard' && faults.has('delete-card-id-first-36') && (str('cardId')?.length ?? 0) > 36) out.cardId = str('cardId')!.slice(0, 36);
  if (op.id === 'EnrollCustomer' && faults.has('date-time-without-zone-cut') && /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}$/.test(str('dateOfBirth') ?? '')) out.dateOfBirth = str('dateOfBirth')!.slice(0, 10);
  if (op.id === 'EnrollCustomer' && faults.has('long-text-500') && (str('countryOfOrigin')?.length ?? 0) > 4000)
    throw new Error('String or binary data would be truncated in column countryOfOrigin.');
  if (op.id === 'EnrollCustomer' && faults.has('enroll-mobile-all-zeros-500') && /^000[0-9]{7}$/.test(str('mobileNumber') ?? ''))
    throw new TypeError("Cannot read properties of undefined (reading 'region')");
  if (op.id === 'AddOrUpdateCard' && faults.has('card-empty-name-on-card-500') && out.nameOnCard === '')
    throw new TypeError("Cannot read properties of undefined (reading 'toUpperCase')");
  // A second parse as YYMM when the first two digits cannot be a month.
  const yymm = /^([0-9]{2})([0-9]{2})$/.exec(str('expirationMonthYear') ?? '');
  if (op.id === 'AddOrUpdateCard' && faults.has('card-expiration-yymm-read') && yymm && Number(yymm[1]) > 12 && Number(yymm[2]) >= 1 && Number(yymm[2]) <= 12)
    out.expirationMonthYear = `${yymm[2]}${yymm[1]}`;
  return operatorBinderFaultInput(faults, op, operatorClassFaultInput(faults, op, out, holdsToken, holderOf));
}
