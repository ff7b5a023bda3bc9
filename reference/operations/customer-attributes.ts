import type { FastifyInstance } from 'fastify';
import { sendErrorRow, sendLegacyError } from '../problems.js';
import type { Attribute } from '../validate/index.js';
import { defineOperation } from './route.js';
import { sendDone, type OperationContext } from './context.js';
import { ssnMismatch } from '../blind2/rules.js';

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
    for (const a of items) customer.attributes.set(a.name, a.value);
    // blind8-cattr-success-body-not-json: a string result written with the JSON media type.
    if (c.faults.has('blind8-cattr-success-body-not-json')) return reply.code(200).type('application/json; charset=utf-8').send('Success');
    return sendDone(reply);
  });
}
