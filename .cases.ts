import { operations } from './contract/index.js';
import { operatorCases } from './generators/operators/cases.js';
import { stateFields } from './suites/lib/state/case-state.js';
let total = 0;
for (const op of operations) {
  const cs = operatorCases(op, { fixed: stateFields(op) }, 7);
  total += cs.length;
  console.log(op.id, cs.length, cs.reduce((a, c) => a + c.pairs.length, 0));
  if (process.argv[2] === op.id) for (const c of cs) console.log(' ', c.description, c.expectation.kind, JSON.stringify(c.input).slice(0, 300));
}
console.log('total', total);
