import type { FastifyInstance } from 'fastify';
import { sendErrorRow, sendLegacyError } from '../problems.js';
import type { Attribute } from '../validate/index.js';
import { defineOperation } from './route.js';
import { sendDone, type OperationContext } from './context.js';
import { ssnMismatch } from '../blind2/rules.js';
import { customerAttributes } from '../../contract/index.js';

/** The required attribute that names the customer (contract customerAttributes.allowed). */
const customerIdName = 'CustomerId';

/**
 * AddCustomerAttributes (D20): validation (names, value formats, required CustomerId and SSN)
 * has run; the CustomerId value must name a customer (422 CUSTOMER_NOT_FOUND). Success `{}` (D6).
 */
export function addCustomerAttributes(app: FastifyInstance, ctx: OperationContext): void {
  defineOperation(app, ctx, 'AddCustomerAttributes', (c, { values, request, reply }) => {
    const items = values.customerAttributes as Attribute[];
    const customerId = items.find((a) => a.name === customerIdName)?.value ?? '';
    const bySsn = c.faults.has('cattr-customer-id-attribute-optional') && !customerId;
    const customer = bySsn ? c.state.customers.withSsn(items.find((a) => a.name === 'SSN')?.value ?? '') : c.state.customers.get(customerId);
    if (!customer && c.readings.has('cattr-unknown-customer-ok')) return sendDone(reply);
    if (!customer) {
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has the CustomerId attribute value.');
    }
    if (c.faults.has('cattr-cardless-customer-refused') && c.state.cards.listValid(customer.customerId).length === 0)
      return sendErrorRow(reply, request, 'CUSTOMER_NOT_FOUND', 'No customer has the CustomerId attribute value.');
    if (c.faults.has('cattr-refused-own-code')) return sendLegacyError(reply, 422, 'ATTRIBUTES_NOT_ACCEPTED', 'The attributes were not accepted.');
    // Reading `blind2-cattr-ssn-must-match` (D37): the SSN attribute must be the customer's.
    if (ssnMismatch(c.readings, customer, items, reply)) return reply;
    // cattr-date-impossible-day-500: past the pattern check, DateTime.ParseExact of an MM-DD-YYYY value that names no day throws.
    if (c.faults.has('cattr-date-impossible-day-500')) for (const a of items) if (noCalendarDay(a)) throw new RangeError(`String '${a.value}' was not recognized as a valid DateTime (${a.name})`);
    for (const a of items) customer.attributes.set(a.name, a.value);
    // blind8-cattr-success-body-not-json: a string result written with the JSON media type.
    if (c.faults.has('blind8-cattr-success-body-not-json')) return reply.code(200).type('application/json; charset=utf-8').send('Success');
    return sendDone(reply);
  });
}

/** An MM-DD-YYYY attribute value whose day is past its month's end (02-30-2020): its pattern admits days up to 31. */
function noCalendarDay(a: Attribute): boolean {
  const format = customerAttributes.attributes!.allowed.find((x) => x.name === a.name)?.valueFormat;
  const m = format === 'mmddyyyy' ? /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/.exec(a.value) : null;
  return m !== null && Number(m[2]) > new Date(Date.UTC(Number(m[3]), Number(m[1]), 0)).getUTCDate();
}
