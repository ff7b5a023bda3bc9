import type { FastifyRequest } from 'fastify';
import { exclusiveSessionFilters, type Operation } from '../../../contract/index.js';
import type { PartnerSession } from '../../state/index.js';
import type { FaultSet } from '../types.js';
import { anyBlind18, asObject, type Json } from './memo.js';

/**
 * The blind18 faults of request handling: the request as the faulty service binds it (a later page's
 * method without pageSize, the header route's models, a truncated token column, an emptied filter).
 * Each is guarded by its fault; with no blind18 fault on, the identity.
 * @see reference/faults/blind18/index.ts
 */

const [idFilter, numberFilter] = exclusiveSessionFilters;

export function blind18Input(faults: FaultSet, op: Operation, session: PartnerSession, request: FastifyRequest, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind18(faults)) return input;
  const out: Json = { ...src };
  const on = (fault: string, opId: string) => op.id === opId && faults.has(fault);
  const headerVersion = request.headers.apiversion !== undefined;
  // The "next page" method takes the reference, not pageSize.
  if (on('blind18-history-later-page-size-default', 'GetTransactionHistory') && src.pagingTransactionReferenceNumber !== undefined) delete out.pageSize;
  // The v1 header route's model has no PageSize.
  if (on('blind18-version-header-history-page-size-ignored', 'GetTransactionHistory') && headerVersion) delete out.pageSize;
  // The header route's older validator requires CustomerId only: the missing SSN is never noticed.
  if (on('blind18-version-header-cattr-ssn-optional', 'AddCustomerAttributes') && headerVersion && Array.isArray(src.customerAttributes)
    && !src.customerAttributes.some((a: unknown) => asObject(a)?.name === 'SSN'))
    out.customerAttributes = [...src.customerAttributes, { name: 'SSN', value: '000000000' }];
  if (op.id === 'AddSessionAttributes' && Array.isArray(src.sessionAttributes)) {
    let items = src.sessionAttributes as unknown[];
    const named = (a: unknown, name: string) => asObject(a)?.name === name;
    const current = session.ssoTokens.at(-1);
    // The ssoToken column holds 16 characters: the comparison is on the stored prefix.
    if (faults.has('blind18-sattr-sso-token-column-truncated') && current !== undefined)
      items = items.map((a) => {
        const v = asObject(a)?.value;
        return named(a, 'SsoToken') && typeof v === 'string' && v !== current && v.length >= 16 && current.startsWith(v.slice(0, 16)) ? { ...asObject(a), value: current } : a;
      });
    // numberFilter.Split(',', RemoveEmptyEntries).Any(): a filter of empty entries counts as not sent.
    const numbers = asObject(items.find((a) => named(a, numberFilter!)))?.value;
    if (faults.has('blind18-sattr-both-filters-empty-number-list-accepted') && items.some((a) => named(a, idFilter!)) && typeof numbers === 'string'
      && numbers.split(',').every((s) => s.trim() === ''))
      items = items.filter((a) => !named(a, numberFilter!));
    out.sessionAttributes = items;
  }
  return out;
}
