/**
 * Field rules broken on the update path, and on the path of a record that exists (RESTler PayloadBody,
 * Schemathesis negative data on a stateful link): the add-or-update operations read a request naming a card the customer already
 * holds as an update (States: "registered", "any card data differs"), and a service that
 * validates the new-card path only binds the update straight to the stored card. The document
 * gives each field's rules without an exception for updates, so every length and format rule of
 * every other body member is asserted as on a new card: refused with 400 naming it (D14).
 * The identity itself written with the separators its words exclude (blind batch 9: a dashed card
 * number taken because its digits name a card on file) is refused as the same form of a new value is.
 */
import { operations } from '../operations.js';
import type { Operator } from './types.js';
import { contractCells, resourceNames, type Cell } from './cells.js';
import { fixedFormat, isDigitsOnly } from './predicates.js';

/** The card identity members an add-or-update is keyed on (a card number, a card token). */
const cardIdentity = (name: string): boolean => resourceNames[name] === 'card-number' || resourceNames[name] === 'card-token';

/** An operation that adds a card or updates the one its identity member names. */
const addsOrUpdatesCard = (operation: string): boolean =>
  operations.some((op) => op.id === operation && op.writes && op.fields.some((f) => f.in === 'body' && cardIdentity(f.name)));

/** A body member with a rule a value can break, other than what names the card and its owner. */
const ruleOnUpdate = (c: Cell): boolean =>
  c.place === 'body' && c.resource === undefined && (c.maxLength !== undefined || c.format !== undefined) && addsOrUpdatesCard(c.operation);

/**
 * An identity written in digits whose words exclude separators ("Unformatted card number", "9 digits,
 * no spaces or dashes"), where the request names the record it identifies: the card number of an
 * add-or-update (sent as a card the customer holds), an SSN beside the customer's own id (the
 * customer's SSN), an SSN a read looks a customer up by (sent with the customer's own date of birth).
 * An SSN that enrols is left out: there an SSN on file is D16's duplicate, refused either way.
 */
const identityOfExisting = (c: Cell): boolean =>
  fixedFormat(c) && isDigitsOnly(c.format) && !c.enrols
  && ((c.resource === 'card-number' && addsOrUpdatesCard(c.operation)) || (c.format === 'ssn' && (namesCustomer(c.operation) || !c.writes)));

/** An operation whose request names a customer by id (a customerId member or a CustomerId attribute). */
const namesCustomer = (operation: string): boolean => contractCells(operations.filter((op) => op.id === operation)).some((c) => c.resource === 'customer');

export const updatePathOperators: readonly Operator[] = [
  {
    id: 'violation-on-update', family: 'update-path',
    counterparts: [{ tool: 'RESTler', name: 'PayloadBody' }, { tool: 'Schemathesis', name: 'negative data generation (stateful links)' }],
    sends: 'each member one past its length column (and empty where required) in a request naming a card the customer holds',
    appliesTo: ruleOnUpdate, asserts: () => 'rejected', backing: ['D14', 'D12', 'States: registered card'],
    sentOn: 'registered-card',
  },
  {
    id: 'identity-with-separators', family: 'update-path',
    counterparts: [{ tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'RESTler', name: 'PayloadBody' }, { tool: 'Schemathesis', name: 'negative data generation (stateful links)' }],
    sends: 'the identity of a record that exists in groups with dashes, then with spaces (4111-1111-1111-1111, 123 45 6789): a card number the customer holds, the SSN of the customer the request names or looks up (with its date of birth)',
    appliesTo: identityOfExisting, asserts: () => 'rejected',
    backing: ['interface.md cardNumber "Unformatted card number"; SSN "9 digits, no spaces or dashes"; ssn "9-digit SSN or ITIN, no formatting"', 'D14', 'States: registered card'],
    sentOn: 'existing-records',
  },
  {
    // Blind batch 11: a partial-update parser clamped month 13 to 12 on a card on file, where the new-card path refused it.
    id: 'format-break-on-update', family: 'update-path',
    counterparts: [{ tool: 'RESTler', name: 'PayloadBody' }, { tool: 'CATS', name: 'StringFormatAlmostValidValuesFuzzer' }, { tool: 'Schemathesis', name: 'negative data generation (stateful links)' }],
    sends: 'each fixed-format member broken within its length column, one value of every format break its words exclude (MMYY month 13, month 00, a letter; a BIN of too few digits), in a request naming a card the customer holds',
    appliesTo: (c) => ruleOnUpdate(c) && fixedFormat(c), asserts: () => 'rejected',
    backing: ['interface.md "MMYY, single-digit month preceded by 0", "6 to 8 digit BIN"', 'D14', 'D28', 'States: registered card'],
    sentOn: 'registered-card',
  },
];
