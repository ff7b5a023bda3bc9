import { operation } from '../contract/index.js';
import { harness } from './lib/runner/context.js';
import { fieldRuleSuite } from './lib/fields/field-rules.js';

const ctx = harness();
fieldRuleSuite(ctx, 'suites/add-session-attributes.conformance.ts', operation('AddSessionAttributes'));
