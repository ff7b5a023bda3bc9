/**
 * Field rules broken on the update path (RESTler PayloadBody, Schemathesis negative data on a
 * stateful link): the add-or-update operations read a request naming a card the customer already
 * holds as an update (States: "registered", "any card data differs"), and a service that
 * validates the new-card path only binds the update straight to the stored card. The document
 * gives each field's rules without an exception for updates, so every length and format rule of
 * every other body member is asserted as on a new card: refused with 400 naming it (D14).
 */
import { operations } from '../operations.js';
import type { Operator } from './types.js';
import { resourceNames, type Cell } from './cells.js';

/** The card identity members an add-or-update is keyed on (a card number, a card token). */
const cardIdentity = (name: string): boolean => resourceNames[name] === 'card-number' || resourceNames[name] === 'card-token';

/** An operation that adds a card or updates the one its identity member names. */
const addsOrUpdatesCard = (operation: string): boolean =>
  operations.some((op) => op.id === operation && op.writes && op.fields.some((f) => f.in === 'body' && cardIdentity(f.name)));

/** A body member with a rule a value can break, other than what names the card and its owner. */
const ruleOnUpdate = (c: Cell): boolean =>
  c.place === 'body' && c.resource === undefined && (c.maxLength !== undefined || c.format !== undefined) && addsOrUpdatesCard(c.operation);

export const updatePathOperators: readonly Operator[] = [
  {
    id: 'violation-on-update', family: 'update-path',
    counterparts: [{ tool: 'RESTler', name: 'PayloadBody' }, { tool: 'Schemathesis', name: 'negative data generation (stateful links)' }],
    sends: 'each member one past its length column (and empty where required) in a request naming a card the customer holds',
    appliesTo: ruleOnUpdate, asserts: () => 'rejected', backing: ['D14', 'D12', 'States: registered card'],
    sentOn: 'registered-card',
  },
];
