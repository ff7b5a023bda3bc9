/**
 * Two identical writes at the same time (D44): the outcome is one some serial order of them gives.
 * No published API fuzzer has a race operator (RESTler, CATS and Schemathesis send one request at
 * a time); the counterpart is the OWASP item whose business flows a race abuses.
 */
import type { Operator } from './types.js';
import type { Cell } from './cells.js';
import { operation } from '../operations.js';

/** Writes that create or remove a resource a later call names: a customer, a card. */
const createsOrRemoves = (c: Cell): boolean =>
  c.place === 'operation' && c.writes && operation(c.operation).fields.some((f) => f.required && (f.name === 'ssn' || f.name === 'cardId' || f.name === 'cardNumber' || f.name === 'cardToken'));

export const concurrencyOperators: readonly Operator[] = [
  {
    id: 'identical-writes-together', family: 'concurrency',
    counterparts: [{ tool: 'OWASP API Security Top 10', name: 'API6:2023 Unrestricted Access to Sensitive Business Flows' }],
    sends: 'the same write twice, both in flight at once (fresh identities)',
    appliesTo: createsOrRemoves, asserts: () => 'serial-outcome', backing: ['D44', 'D16', 'D30'],
  },
];
