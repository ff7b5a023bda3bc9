import { operation } from '../contract/index.js';
import { harness } from './lib/runner/context.js';
import { fieldRuleSuite } from './lib/fields/field-rules.js';

const ctx = harness();
fieldRuleSuite(ctx, 'suites/add-customer-attributes.conformance.ts', operation('AddCustomerAttributes'));
