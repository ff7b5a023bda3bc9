/**
 * Stand-ins an operator value carries for target state the case does not know when it is drawn:
 * each is replaced just before sending (suites/lib/state/case-state.ts, suites/lib/fields/), so a
 * drawn value never names a card or customer by luck. Apart from values.ts, which builds the values.
 */

/**
 * The stand-in for a GUID of nothing on the target (unknown-resource-id): shaped as a version-4
 * GUID and replaced just before sending by one new by construction (suites/lib/state/case-state.ts,
 * generators/fresh.ts), never a drawn one that might name a card or customer by luck.
 */
export const unknownResourceIdSlot = '00000000-0000-4000-8000-00000000c004';

/**
 * Stand-ins for a card the customer already holds (operators sent on `registered-card`): replaced
 * just before sending by the number or token of a card added for the case's customer.
 */
export const registeredCardSlot = { number: '9999000000000001', token: 'conformance-registered-card-token-slot' } as const;

/**
 * The stand-in for the card the worker's pool customer holds (state/case-state.ts stateSlot.cardId),
 * written inside a list value by list-item-near-miss: replaced there too, so every item names a real card.
 */
export const heldCardIdSlot = '00000000-0000-4000-8000-00000000c002';

/**
 * Stand-ins for the customer a lookup by SSN and date of birth finds (operators sent on
 * `existing-records`): replaced just before sending by the SSN and date of birth the run's customer
 * was enrolled with (suites/lib/fields/existing-customer.ts); where it has none (production), they stay.
 */
export const existingCustomerSlot = { ssn: '900000003', dateOfBirth: '1930/01/03' } as const;
