import { stateCodesOfEveryReading, type FormatId } from '../../contract/index.js';
import type { FaultSet } from '../faults/types.js';

/**
 * The format faults: each rewrites a value before its format is checked, as a service that is
 * lenient on one point of the format would (it normalises slashes, letter case, a missing part),
 * so exactly one kind of near miss gets through and every other break is still refused.
 */
const leniencies: ReadonlyArray<{ fault: string; operation: string; format: FormatId; rewrite: (value: string) => string }> = [
  { fault: 'mmddyyyy-slashes-accepted', operation: 'AddCustomerAttributes', format: 'mmddyyyy', rewrite: (v) => v.replace(/\//g, '-') },
  { fault: 'mmddyyyy-day-unchecked', operation: 'AddCustomerAttributes', format: 'mmddyyyy', rewrite: (v) => v.replace(/^([0-9]{2}-)[0-9]{2}(-)/, '$101$2') },
  { fault: 'mmddyyyy-short-year-accepted', operation: 'AddCustomerAttributes', format: 'mmddyyyy', rewrite: (v) => v.replace(/^([0-9]{2}-[0-9]{2}-)([0-9]{2})$/, '$120$2') },
  { fault: 'true-false-first-letter', operation: 'AddCustomerAttributes', format: 'trueFalse', rewrite: (v) => ({ t: 'True', f: 'False' } as Record<string, string>)[v.charAt(0).toLowerCase()] ?? v },
  { fault: 'amount-separators-stripped', operation: 'AddCustomerAttributes', format: 'amount', rewrite: (v) => v.replace(/[$,]/g, '') },
  { fault: 'count-sign-accepted', operation: 'AddCustomerAttributes', format: 'count', rewrite: (v) => v.replace(/^-/, '') },
  { fault: 'true-false-digits-accepted', operation: 'AddCustomerAttributes', format: 'trueFalse', rewrite: (v) => ({ 1: 'True', 0: 'False' } as Record<string, string>)[v] ?? v },
  { fault: 'email-local-part-optional', operation: 'EnrollCustomer', format: 'email', rewrite: (v) => (v.startsWith('@') ? `x${v}` : v) },
  { fault: 'email-domain-optional', operation: 'EnrollCustomer', format: 'email', rewrite: (v) => (v.endsWith('@') ? `${v}x` : v) },
  { fault: 'email-two-at-accepted', operation: 'EnrollCustomer', format: 'email', rewrite: (v) => v.replace(/@(?=[^@]*@)/g, '.') },
  { fault: 'state-code-unchecked', operation: 'EnrollCustomer', format: 'stateCode', rewrite: (v) => (/^[A-Za-z]{2}$/.test(v) ? stateCodesOfEveryReading[0] : v) },
];

/** The rewrite the switched-on faults apply to values of `format` in `operation`; undefined when none applies. */
export function leniencyFor(faults: FaultSet, operation: string, format: string | undefined): ((value: string) => string) | undefined {
  const active = leniencies.filter((l) => l.operation === operation && l.format === format && faults.has(l.fault));
  if (active.length === 0) return undefined;
  return (value) => active.reduce((v, l) => l.rewrite(v), value);
}
