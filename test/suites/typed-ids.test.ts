import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { noServerError } from '../../checks/index.js';
import { finding } from '../../checks/support.js';
import type { FindingCheckId } from '../../checks/finding.js';
import { isRequirementId, type FieldRequirementId, type RequirementId } from '../../contract/requirements.js';
import type { Fault } from '../../reference/faults/types.js';
import { faultCatalogue } from '../../reference/faults/index.js';
import { oracle, type Oracle } from '../../oracles/judge.js';
import type { SuiteOracleId } from '../../oracles/oracle-ids.js';
import type { PropertyTest } from '../../suites/lib/runner/property-test.js';
import type { ModelSpec } from '../../suites/lib/model/sequence.js';
import type { Journal } from '../../suites/lib/model/journal.js';

/**
 * A misspelt requirement or oracle id fails `npm run typecheck` in the suites and the fault
 * catalogue too, not only in checks/: each `@ts-expect-error` below is an error tsc must find
 * (an unused one fails the type check itself).
 */

const spec = { area: 'fake', name: 'fake', arbitrary: fc.constant(0), numRuns: 1, describe: () => '', run: async () => ({ exchanges: [], findings: [], checked: [] }) };

describe('requirement and oracle ids outside checks/ are types', () => {
  it('a suite spec, an oracle, a model expectation and a fault row take known ids only', () => {
    const typed: PropertyTest<number> = { ...spec, requirements: ['ENROLL-ZIP-FORMAT', 'GEN-NO-5XX'] };
    // @ts-expect-error a misspelt requirement id in a property's requirement list
    const misspelt: PropertyTest<number> = { ...spec, requirements: ['ENROL-ZIP-FORMAT'] };
    expect([...typed.requirements, ...misspelt.requirements]).toEqual(['ENROLL-ZIP-FORMAT', 'GEN-NO-5XX', 'ENROL-ZIP-FORMAT']);

    expectTypeOf<ModelSpec<object, unknown>['requirements']>().toEqualTypeOf<readonly RequirementId[]>();
    expectTypeOf<Oracle['requirements']>().toEqualTypeOf<readonly RequirementId[]>();
    expectTypeOf<Parameters<Journal['expect']>[1]>().toEqualTypeOf<RequirementId>();
    const checked = oracle(noServerError, undefined, 'GEN-NO-5XX');
    // @ts-expect-error a misspelt requirement id given to an oracle
    const wrong = oracle(noServerError, undefined, 'GEN-NO-5XXX');
    expect([checked.requirements, wrong.requirements]).toEqual([['GEN-NO-5XX'], ['GEN-NO-5XXX']]);

    const row: Fault = { name: 'enroll-zip-format-unchecked', requirement: 'ENROLL-ZIP-FORMAT', breaks: 'EnrollCustomer accepts a bad zip' };
    // @ts-expect-error a misspelt requirement id in a fault row
    const badRow: Fault = { name: 'enroll-zip-format-unchecked', requirement: 'ENROL-ZIP-FORMAT', breaks: 'EnrollCustomer accepts a bad zip' };
    expect(faultCatalogue.find((f) => f.name === row.name)?.requirement).toBe(row.requirement);
    expect(faultCatalogue.some((f) => f.requirement === badRow.requirement)).toBe(false);
  });

  it('a field-rule id names a field of that operation and a rule that field carries', () => {
    const defined: FieldRequirementId[] = ['ENROLL-ZIP-FORMAT', 'CARD-ZIP-LENGTH', 'HISTORY-PAGE-SIZE-RANGE', 'CATTR-CUSTOMER-ATTRIBUTES-FORMAT'];
    // @ts-expect-error a misspelt field name
    const misspeltField: RequirementId = 'ENROLL-ZIPP-FORMAT';
    // @ts-expect-error a field of another operation: FindCustomer has no zip
    const otherOperation: RequirementId = 'FIND-ZIP-FORMAT';
    // @ts-expect-error D35: the card tables give zip lengths only, so AddOrUpdateCard's zip has no format rule
    const missingKind: RequirementId = 'CARD-ZIP-FORMAT';
    // @ts-expect-error a query-string GUID carries no type rule (only an Int can be sent as the wrong type there)
    const queryType: RequirementId = 'CARDS-CUSTOMER-ID-TYPE';
    expect(defined.filter((id) => !isRequirementId(id))).toEqual([]);
    expect([misspeltField, otherOperation, missingKind, queryType].filter((id) => isRequirementId(id))).toEqual([]);
  });

  it('a finding names a registered check or a suite oracle, never a misspelt one', () => {
    expectTypeOf<'modelCardList'>().toExtend<SuiteOracleId>();
    expectTypeOf<'modelCardLists'>().not.toExtend<FindingCheckId>();
    const own = finding('modelCardList', 'CARDS-SHAPE', 'GetRegisteredCards', { title: 't', received: 'r', documented: 'd' });
    // @ts-expect-error a misspelt suite oracle id
    const misspelt = finding('modelCardLists', 'CARDS-SHAPE', 'GetRegisteredCards', { title: 't', received: 'r', documented: 'd' });
    expect([own.check, misspelt.check]).toEqual(['modelCardList', 'modelCardLists']);
  });
});
