import { keyPrefix } from '../contract/keys.js';
import type { Expectation } from '../generators/expectation.js';
import { choseAlternative } from './error-row.js';
import { defineCheck } from './define.js';
import { bodyObject, type Responded } from './support.js';
import type { Finding } from './finding.js';

/** D13: the field part of a key is compared case-insensitively unless strict casing is on. */
export interface KeyCaseOptions {
  readonly strictKeyCase?: boolean;
}
export type KeyExpectation = Expectation & KeyCaseOptions;
type Validation = Expectation & { kind: 'validation' } & KeyCaseOptions;

const prefixes: readonly string[] = Object.values(keyPrefix);
const foreignPrefix = /^(command|query|body|request|model|input|\$)\./i;

/** The field part of a key: prefix dropped, `.7.` index forms as `[7].`, case folded unless strict. */
export function fieldPart(key: string, strict: boolean): string {
  const rest = key.trim().replace(foreignPrefix, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]').replace(/\[\s*(\d+)\s*\]/g, '[$1]');
  return strict ? rest : rest.toLowerCase();
}

/** Exact D13 form: the same prefix byte for byte, the field part per the casing setting. */
export function exactKeyMatch(reported: string, expected: string, strict: boolean): boolean {
  const prefix = prefixes.find((p) => expected.startsWith(p)) ?? '';
  if (!reported.startsWith(prefix)) return false;
  const a = reported.slice(prefix.length);
  const b = expected.slice(prefix.length);
  return strict ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** Names the same field in any prefix or index form (the field part per the casing setting). */
export const namesField = (reported: string, expected: string, strict: boolean): boolean =>
  fieldPart(reported, strict) === fieldPart(expected, strict);

/** Keys of `validationErrors[].key`, where the Errors part documents them. */
export function reportedKeys(x: Responded): string[] {
  const list = bodyObject(x)?.validationErrors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (item && typeof item === 'object' && typeof (item as { key?: unknown }).key === 'string' ? [(item as { key: string }).key] : []));
}

/** Key checks apply to a 400 validation answer; not where the accepted 422 alternative was chosen. */
const validationAnswer = (x: Responded, e: KeyExpectation): boolean =>
  e.kind === 'validation' && x.response.status === 400 && !choseAlternative(x, e) && Array.isArray(bodyObject(x)?.validationErrors);

/**
 * ERR-KEY-PREFIX (D13): a broken field that is named must be named with the exact prefix
 * (`command.` body, `query.` query string) and `[index]` form. Fields not named at all are
 * everyInvalidFieldNamed's concern.
 */
export const validationKeyPrefix = defineCheck({
  id: 'validationKeyPrefix', requirement: 'ERR-KEY-PREFIX', expectation: 'Expectation & { strictKeyCase? }',
  cases: ['validation'],
  description: 'a named invalid field uses the command./query. prefix and [index] form exactly (D13)',
  rule(x, e: KeyExpectation, fail) {
    const v = e as Validation;
    const strict = v.strictKeyCase ?? false;
    const keys = reportedKeys(x);
    return v.broken.flatMap((b) => {
      if (keys.some((k) => exactKeyMatch(k, b.key, strict))) return [];
      const near = keys.filter((k) => namesField(k, b.key, strict));
      if (near.length === 0) return [];
      return [fail(v.operation, {
        title: 'Validation key has the wrong prefix or index form',
        received: `key ${near.map((k) => JSON.stringify(k)).join(', ')}`,
        documented: `key "${b.key}" (prefix and [index] form exactly${strict ? ', casing exactly' : ''})`,
        evidence: { expected: b.key, reported: near },
        key: [b.key, near[0]!],
      }, x)];
    });
  },
  when: [validationAnswer],
});

/** ERR-KEYS-COMPLETE (D14): every invalid field is named. @see interface.md "Errors" */
export const everyInvalidFieldNamed = defineCheck({
  id: 'everyInvalidFieldNamed', requirement: 'ERR-KEYS-COMPLETE', expectation: 'Expectation & { strictKeyCase? }',
  cases: ['validation'],
  description: 'every invalid field has a validation key (D14)',
  rule(x, e: KeyExpectation, fail) {
    const v = e as Validation;
    const strict = v.strictKeyCase ?? false;
    const keys = reportedKeys(x);
    return v.broken
      .filter((b) => !keys.some((k) => namesField(k, b.key, strict)))
      .map((b) => fail(v.operation, {
        title: 'Invalid field not named',
        received: `keys ${keys.length ? keys.map((k) => JSON.stringify(k)).join(', ') : 'none'}`,
        documented: `a validation error with key "${b.key}" (${b.violation}, ${b.requirement})`,
        evidence: { missing: b.key, violation: b.violation, fieldRequirement: b.requirement, reported: keys },
        key: [b.key, b.violation],
      }, x));
  },
  when: [validationAnswer],
});

/** ERR-KEYS-COMPLETE (D14): no field sent valid is blamed; unknown keys are not judged. */
export const noValidFieldBlamed = defineCheck({
  id: 'noValidFieldBlamed', requirement: 'ERR-KEYS-COMPLETE', expectation: 'Expectation & { strictKeyCase? }',
  cases: ['validation'],
  description: 'no field sent valid has a validation key (D14)',
  rule(x, e: KeyExpectation, fail) {
    const v = e as Validation;
    const strict = v.strictKeyCase ?? false;
    const keys = reportedKeys(x);
    const brokenHit = (k: string) => v.broken.some((b) => namesField(k, b.key, strict));
    return keys.flatMap((k) => {
      const valid = v.validKeys.find((vk) => namesField(k, vk, strict));
      if (valid === undefined || brokenHit(k)) return [];
      return [fail(v.operation, {
        title: 'Valid field blamed',
        received: `key ${JSON.stringify(k)}`,
        documented: `only the invalid ${v.broken.map((b) => b.key).join(', ')} named; "${valid}" was sent valid`,
        evidence: { blamed: k, validKey: valid, broken: v.broken.map((b) => b.key) },
        key: [valid],
      }, x)];
    });
  },
  when: [validationAnswer],
});
