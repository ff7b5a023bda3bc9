import { itemKey, type Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import type { ValidationError } from '../../validate/index.js';
import { anyBlind12 } from './inputs.js';

/**
 * The blind12 faults applied to a finished validation error list: rules set up on one path
 * only (an error dropped), rules of the service's own (an error added), a key named after
 * the command's property. The identity when no blind12 fault is on.
 * @see reference/faults/blind12/index.ts
 */

type Json = Record<string, unknown>;

const asObject = (input: unknown): Json => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Json) : {});
const sent = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** The Luhn checksum a card-number validator library adds to the length rule. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** SSA issuance rules: no area 000, 666 or 900-999, no group 00, no serial 0000. */
export function ssaIssuable(ssn: string): boolean {
  const [area, group, serial] = [ssn.slice(0, 3), ssn.slice(3, 5), ssn.slice(5)];
  return area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
}

export function blind12Errors(faults: FaultSet, op: Operation, errors: ValidationError[], input: unknown): ValidationError[] {
  if (!anyBlind12(faults)) return errors;
  const src = asObject(input);
  let out = errors;
  // FluentValidation's When(x => IsItin(x.Ssn)) around the date of birth's NotEmpty rule.
  if (faults.has('blind12-find-dob-optional-for-ssn') && op.id === 'FindCustomer' && !sent(src.dateOfBirth) && typeof src.ssn === 'string' && !src.ssn.startsWith('9'))
    out = out.filter((e) => e.key !== 'command.DateOfBirth');
  if (faults.has('blind12-card-number-luhn-validated') && op.id === 'AddOrUpdateCard' && typeof src.cardNumber === 'string'
    && /^[0-9]{15,19}$/.test(src.cardNumber) && !luhnValid(src.cardNumber) && !out.some((e) => e.key === 'command.CardNumber'))
    out = [...out, { key: 'command.CardNumber', message: 'CardNumber is not a valid credit card number.' }];
  // The BIN rule is inside When(x => x.LastFourOfCard != null).
  if (faults.has('blind12-tcard-bin-unchecked-without-last-four') && op.id === 'AddOrUpdateTokenizedCard' && !sent(src.lastFourOfCard))
    out = out.filter((e) => !(e.key === 'command.CardBin' && / is not valid: expected /.test(e.message)));
  if (faults.has('blind12-obo-key-names-id') && op.id === 'AuthenticateOBO')
    out = out.map((e) => (e.key === 'command.CustomerId' ? { key: 'command.Id', message: e.message.replace(/CustomerId/g, 'Id') } : e));
  if (faults.has('blind12-cattr-ssn-attribute-ssa-rules') && op.id === 'AddCustomerAttributes' && Array.isArray(src.customerAttributes)) {
    const field = op.fields[0]!;
    src.customerAttributes.forEach((raw: unknown, i) => {
      const item = asObject(raw);
      const value = item.value ?? item.Value;
      const key = itemKey(op, field, i, 'value');
      if ((item.name ?? item.Name) === 'SSN' && typeof value === 'string' && /^[0-9]{9}$/.test(value) && !ssaIssuable(value) && !out.some((e) => e.key === key))
        out = [...out, { key, message: `${key.slice('command.'.length)} is not a valid SSN.` }];
    });
  }
  // The range rule is on the first-page query's parameters; the paging query binds pageSize unchecked.
  if (faults.has('blind12-history-page-size-range-skipped-when-paging') && op.id === 'GetTransactionHistory' && sent(src.pagingTransactionReferenceNumber))
    out = out.filter((e) => !(e.key === 'query.pageSize' && / must be between /.test(e.message)));
  return out;
}
