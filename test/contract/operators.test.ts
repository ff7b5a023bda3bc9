import { describe, expect, it } from 'vitest';
import { operations, toleratedRegExp, type Operation } from '../../contract/index.js';
import { applicablePairs, contractCells, fieldRuleOperators, operatorCatalogue } from '../../contract/operators/index.js';
import { operatorCases } from '../../generators/operators/cases.js';
import { stateFields } from '../../suites/lib/state/case-state.js';
import { operatorCoverage } from '../../reporting/operator-coverage.js';

/**
 * The operator catalogue (issue 27) is data over the contract's cells: a field added to the
 * contract gets its pairs and its requests with no other change, every pair has a request, and
 * every value sent as `rejected` is one no conformant reading accepts.
 */
const enroll = operations.find((o) => o.id === 'EnrollCustomer')!;
/** EnrollCustomer with two made-up fields: a digits-only loyalty number and an optional free-text nickname. */
const extended: Operation = {
  ...enroll,
  fields: [
    ...enroll.fields,
    { name: 'loyaltyNumber', in: 'body', type: 'string', required: true, minLength: 5, maxLength: 5, format: 'zip5' },
    { name: 'nickname', in: 'body', type: 'string', required: false, minLength: 0, maxLength: 30 },
  ],
};
/** The operators of every field-rule request of the contract for `seed`. */
const cases = (seed: number) => [...new Set(operations.flatMap((op) => operatorCases(op, { fixed: stateFields(op) }, seed)).flatMap((c) => c.pairs.map((p) => p.operator)))];
const pairsOf = (cell: string) => applicablePairs(operatorCatalogue, contractCells([extended])).filter((p) => p.cell === cell).map((p) => p.operator).sort();

describe('operator catalogue over the contract cells', () => {
  it('gives a made-up field its pairs from its cell data alone', () => {
    expect(pairsOf('EnrollCustomer body loyaltyNumber')).toEqual(['arabic-indic-digits', 'digit-group-separators', 'digits-with-sign', 'digits-with-space', 'exponent-notation', 'extreme-digit-strings', 'fullwidth-digits', 'leading-whitespace', 'trailing-whitespace', 'wrong-json-type', 'zip-plus-four']);
    expect(pairsOf('EnrollCustomer body nickname')).toEqual(['emoji-in-free-text', 'empty-in-optional', 'leading-whitespace', 'null-in-optional', 'trailing-whitespace', 'wrong-json-type']);
    const cells = contractCells([extended]);
    const loyalty = cells.find((c) => c.name === 'loyaltyNumber')!;
    const nickname = cells.find((c) => c.name === 'nickname')!;
    expect(operatorCatalogue.find((o) => o.id === 'leading-whitespace')!.asserts(loyalty)).toBe('rejected');
    expect(operatorCatalogue.find((o) => o.id === 'leading-whitespace')!.asserts(nickname)).toBe('open');
  });

  it('builds a request for every pair of the made-up fields, without new code', () => {
    const cases = operatorCases(extended, { fixed: stateFields(extended) }, 3);
    const sent = new Set(cases.flatMap((c) => c.pairs.map((p) => `${p.operator} ${p.cell}`)));
    for (const cell of ['EnrollCustomer body loyaltyNumber', 'EnrollCustomer body nickname'])
      for (const operator of pairsOf(cell)) expect(sent, `${operator} in ${cell}`).toContain(`${operator} ${cell}`);
    const rejected = cases.find((c) => c.pairs.some((p) => p.operator === 'fullwidth-digits'))!;
    expect(rejected.expectation.kind).toBe('validation');
    expect(JSON.stringify(rejected.expectation)).toContain('command.LoyaltyNumber');
  });

  it('has a request for every applicable pair of the field families, and none of the others, whatever the seed', () => {
    for (const seed of [0, 1, -7, 20261122]) {
      const sent = new Set(operations.flatMap((op) => operatorCases(op, { fixed: stateFields(op) }, seed)).flatMap((c) => c.pairs.map((p) => `${p.operator} ${p.cell}`)));
      // The scenario families' pairs are sent by their suites (test/suites/operator-coverage.run.test.ts counts them all).
      expect(applicablePairs(fieldRuleOperators).filter((p) => !sent.has(`${p.operator} ${p.cell}`))).toEqual([]);
      expect(cases(seed).filter((p) => !fieldRuleOperators.some((o) => o.id === p))).toEqual([]);
      // The access and state families are their own suites' (a plain valid request applies none of them).
      expect([...sent].filter((k) => !fieldRuleOperators.some((o) => k.startsWith(`${o.id} `)))).toEqual([]);
    }
  });

  it('sends as rejected only values that fail the widest pattern a conformant target may accept, or the length column', () => {
    const cells = contractCells();
    for (const op of operations)
      for (const c of operatorCases(op, { fixed: stateFields(op) }, 5).filter((x) => x.expectation.kind === 'validation')) {
        const list = Object.values(c.input.body ?? {}).find(Array.isArray) as Array<{ name: string; value: string }> | undefined;
        for (const pair of c.pairs) {
          const cell = cells.find((x) => x.id === pair.cell)!;
          const raw = cell.place === 'attribute' ? list?.find((it) => it.name === cell.name && !toleratedRegExp(cell.format!).test(it.value))?.value
            : (cell.place === 'query' ? c.input.query : c.input.body)?.[cell.name];
          const value = String(raw);
          const outOfLength = (cell.maxLength !== undefined && value.length > cell.maxLength) || (cell.minLength !== undefined && value.length < cell.minLength);
          // An Int ("Int is an integer") has no format: the widest a target may accept is an optional sign and digits.
          const notInt = cell.type === 'int' && !/^[+-]?[0-9]+$/.test(value);
          expect(raw !== undefined && (outOfLength || notInt || (cell.format !== undefined && !toleratedRegExp(cell.format).test(value))), `${pair.operator} in ${pair.cell}: ${value}`).toBe(true);
        }
      }
  });

  it('reports pairs left out with why, from the records', () => {
    const records = [{ requirement: 'GEN-NO-5XX', status: 'passed' as const, suite: 'field-rules', property: 'x', operatorPairs: [{ operator: 'leading-whitespace', cell: 'FindCustomer body ssn' }] }];
    const production = operatorCoverage(records, { production: true, variables: [], narrowed: false });
    expect(production.sent).toBe(1);
    expect(production.applicable).toBe(applicablePairs().length);
    expect(production.leftOut.find((p) => p.operator === 'charset-parameter' && p.cell === 'EnrollCustomer operation EnrollCustomer')?.why).toMatch(/production profile/);
    expect(production.leftOut.find((p) => p.operator === 'trailing-whitespace' && p.cell === 'FindCustomer body ssn')?.why).toMatch(/not sent/);
    expect(operatorCoverage(records, { production: false, variables: [], narrowed: true }).leftOut[0]?.why).toMatch(/not selected/);
  });
});
