import type { Operation } from '../../../contract/index.js';
import type { OperationContext } from '../../operations/context.js';
import { anyBlind20, asObject, type Json } from './memo.js';

/**
 * The blind20 faults of request binding: the request as the faulty service reads it (Unicode NFKC
 * normalisation, a rule skipped on the update path, a lenient decimal parse). Each is guarded by
 * its fault; with no blind20 fault on, the identity.
 * @see reference/faults/blind20/index.ts
 */

export function blind20Input(c: Pick<OperationContext, 'faults' | 'state'>, op: Operation, input: unknown): unknown {
  const src = asObject(input);
  if (!src || !anyBlind20(c.faults)) return input;
  const out: Json = { ...src };
  const on = (fault: string, opId: string) => op.id === opId && c.faults.has(fault);
  // The search endpoint normalises its inputs to Unicode NFKC: full-width digits become ASCII.
  if (on('blind20-find-ssn-nfkc-normalised', 'FindCustomer') && typeof src.ssn === 'string') out.ssn = src.ssn.normalize('NFKC');
  // The update path of AddOrUpdateCard skips the state rule (the column keeps two characters).
  if (on('blind20-card-state-unchecked-on-update', 'AddOrUpdateCard') && typeof src.state === 'string' && src.state.length > 2
    && typeof src.customerId === 'string' && typeof src.cardNumber === 'string' && c.state.cards.find(src.customerId.toLowerCase(), 'number', src.cardNumber))
    out.state = src.state.slice(0, 2);
  // AverageCheckCashedAmt parsed with decimal.TryParse, which takes a sign.
  if (on('blind20-cattr-check-cashed-amount-negative-accepted', 'AddCustomerAttributes') && Array.isArray(src.customerAttributes))
    out.customerAttributes = (src.customerAttributes as unknown[]).map((a) => {
      const item = asObject(a);
      return item && item.name === 'AverageCheckCashedAmt' && typeof item.value === 'string' && /^-\d+\.\d{2}$/.test(item.value) ? { ...item, value: item.value.slice(1) } : a;
    });
  return out;
}
