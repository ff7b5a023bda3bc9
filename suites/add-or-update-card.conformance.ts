import { operation } from '../contract/index.js';
import { harness } from './lib/runner/context.js';
import { fieldRuleSuite } from './lib/fields/field-rules.js';

const ctx = harness();
fieldRuleSuite(ctx, 'suites/add-or-update-card.conformance.ts', operation('AddOrUpdateCard'));
