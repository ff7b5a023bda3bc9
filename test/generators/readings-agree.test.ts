import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operation, operations } from '../../contract/index.js';
import { boundaryValidCases, isolatedRuleCases, type GeneratedCase } from '../../generators/index.js';
import { faultSet } from '../../reference/faults/index.js';
import { validateWithFaults } from '../../reference/operations/validation.js';
import { readingCatalogue, readingSet } from '../../reference/readings.js';

/**
 * The reference's validator under each conformant reading, one at a time, as an independent
 * second opinion on the generators: a value sent as valid passes every reading's validation,
 * and a rule broken alone fails it under every reading. No HTTP: only the field rules.
 */
const readings = readingCatalogue.map((r) => r.name);
const runs = { seed: 4242, numRuns: 40 };
const input = (c: GeneratedCase) => c.input.body ?? c.input.query;

describe('generated cases agree with every reading of the reference', () => {
  it.each(operations.filter((o) => boundaryValidCases(o)).map((o) => [o.id] as const))('%s: values at their bounds pass validation under every reading', (id) => {
    const op = operation(id);
    const cases = fc.sample(boundaryValidCases(op)!, runs);
    for (const reading of readings)
      for (const c of cases) expect(validateWithFaults(faultSet(), op, input(c), readingSet([reading])).errors, `${reading}: ${c.description}`).toEqual([]);
  });

  // AddSessionAttributes checks value formats as business rules (D19), outside the validator.
  it.each(['EnrollCustomer', 'AddCustomerAttributes'])('%s: a rule broken alone is a validation error on its key under every reading', (id) => {
    const op = operation(id);
    for (const c of fc.sample(isolatedRuleCases(op)!, runs)) {
      if (c.expectation.kind !== 'validation') throw new Error(c.description);
      const key = c.expectation.broken[0]!.key.toLowerCase();
      for (const reading of readings) {
        const keys = validateWithFaults(faultSet(), op, input(c), readingSet([reading])).errors.map((e) => e.key.toLowerCase());
        expect(keys, `${reading}: ${c.description}`).toContain(key);
      }
    }
  });
});
