import type { FastifyRequest } from 'fastify';
import { exclusiveSessionFilters, type Operation } from '../../../contract/index.js';
import type { FaultSet } from '../types.js';
import { anyBlind19, asciiDigits, asObject, type Json } from './memo.js';

/**
 * The blind19 faults of request binding: the request as the faulty service reads it (a Unicode
 * digit class, a number bound to a string, a column that truncates, a case-insensitive binder, a
 * trimmed GUID, a lenient amount, lower-cased values, the header route's older validator, a missing query member read).
 * Each is guarded by its fault; with no blind19 fault on, the identity.
 * @see reference/faults/blind19/index.ts
 */

const [idFilter, numberFilter] = exclusiveSessionFilters;

/** Paging requests whose page the string-concatenation bug cuts (blind19-history-paging-end-string-concatenated). */
export const concatenatedPages = new WeakMap<FastifyRequest, string>();

export function blind19Input(faults: FaultSet, op: Operation, request: FastifyRequest, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind19(faults)) return input;
  const out: Json = { ...src };
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  // `[Required] string CustomerId` read with .Trim() before the null check.
  if (on('blind19-cards-missing-customer-id-500', 'GetRegisteredCards') && src.customerId === undefined)
    throw new TypeError("Cannot read properties of undefined (reading 'trim')");
  // The phone rule is ^\d{10}$, and .NET's \d admits every script's decimal digits.
  if (on('blind19-enroll-home-number-unicode-digits', 'EnrollCustomer') && typeof src.homeNumber === 'string') out.homeNumber = asciiDigits(src.homeNumber);
  // The length check is `city.Length > 51`, and the column (50) truncates.
  if (on('blind19-tcard-city-max-off-by-one', 'AddOrUpdateTokenizedCard') && typeof src.city === 'string' && src.city.length === 51) out.city = src.city.slice(0, 50);
  // The tokenized route's binder matches member names case-insensitively.
  if (on('blind19-tcard-member-names-case-insensitive', 'AddOrUpdateTokenizedCard'))
    for (const field of op.fields) {
      const other = Object.keys(src).find((k) => k !== field.name && k.toLowerCase() === field.name.toLowerCase());
      if (other !== undefined && src[field.name] === undefined) { out[field.name] = src[other]; delete out[other]; }
    }
  // DeleteCard's model binder trims strings before the GUID check.
  if (on('blind19-delete-customer-id-whitespace-trimmed', 'DeleteCard') && typeof src.customerId === 'string') out.customerId = src.customerId.trim();
  // BalanceOnReturnedChecks parsed with decimal.TryParse, which takes ".50".
  if (on('blind19-cattr-returned-balance-leading-dot-accepted', 'AddCustomerAttributes') && Array.isArray(src.customerAttributes))
    out.customerAttributes = src.customerAttributes.map((a: unknown) => {
      const item = asObject(a);
      return item?.name === 'BalanceOnReturnedChecks' && typeof item.value === 'string' && /^\.\d{2}$/.test(item.value) ? { ...item, value: `0${item.value}` } : a;
    });
  // The header route's older validator does not know AccountNumberFilter: the member is dropped, not compared.
  if (on('blind19-version-header-sattr-both-filters-accepted', 'AddSessionAttributes') && request.headers.apiversion !== undefined && Array.isArray(src.sessionAttributes)) {
    const named = (a: unknown, name: string) => asObject(a)?.name === name;
    if (src.sessionAttributes.some((a: unknown) => named(a, idFilter!))) out.sessionAttributes = src.sessionAttributes.filter((a: unknown) => !named(a, numberFilter!));
  }
  // Every value but the SsoToken lower-cased for the PreferredEmail normalisation.
  if (on('blind19-sattr-values-lowercased-token-filter-refused', 'AddSessionAttributes') && Array.isArray(out.sessionAttributes))
    out.sessionAttributes = (out.sessionAttributes as unknown[]).map((a) => {
      const item = asObject(a);
      return item && item.name !== 'SsoToken' && typeof item.value === 'string' ? { ...item, value: item.value.toLowerCase() } : a;
    });
  // `skip + pageSize` with pageSize still the query string: the end index is concatenated ("2" + "3" = 23).
  if (on('blind19-history-paging-end-string-concatenated', 'GetTransactionHistory') && src.pagingTransactionReferenceNumber !== undefined && src.pageSize !== undefined) {
    concatenatedPages.set(request, String(src.pageSize));
    delete out.pageSize;
  }
  return out;
}
