import { afterAll, describe } from 'vitest';
import { harness } from './lib/runner/context.js';
import { removeAddedCards } from './lib/state/cards.js';
import { findCustomerScenarios, oboScenarios } from './lib/business/customers.js';
import { duplicateEnrollmentScenario } from './lib/business/duplicates.js';
import { cardRefusalScenarios } from './lib/business/cards.js';
import { sessionAttributeScenarios, unknownCustomerAttributesScenario } from './lib/business/attributes.js';
import { unlistedErrorScenarios } from './lib/business/unlisted.js';

/**
 * The documented business errors, each triggered on every operation that can return it and
 * checked for status, Problem shape, title, errorCode, type URL, status member and instance
 * (or, for D15/D16, an error code and message), plus the leak oracle on every response; and
 * the errors the table does not list (D30): never 5xx, a 4xx with a JSON error body.
 */
const ctx = harness();
const suiteFile = 'suites/business-errors.conformance.ts';

describe('business errors', () => {
  afterAll(() => removeAddedCards(ctx));
  findCustomerScenarios(ctx, suiteFile);
  oboScenarios(ctx, suiteFile);
  duplicateEnrollmentScenario(ctx, suiteFile);
  cardRefusalScenarios(ctx, suiteFile);
  sessionAttributeScenarios(ctx, suiteFile);
  unknownCustomerAttributesScenario(ctx, suiteFile);
  unlistedErrorScenarios(ctx, suiteFile);
});
