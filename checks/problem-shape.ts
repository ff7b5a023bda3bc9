import type { Expectation } from '../generators/expectation.js';
import { documentedErrorRow } from './error-row.js';
import { printIssue, schemaIssues } from './schema.js';
import { defineCheck, type Fail } from './define.js';
import type { Responded } from './support.js';
import type { Finding } from './finding.js';

/** Whether an error body has the shape the Errors table documents for its row (problem-members.ts: what its members say). */

const shapeIs = (shape: 'problem' | 'validationProblem') => (x: Responded, e: Expectation): boolean =>
  documentedErrorRow(x, e)?.shape === shape;

function shapeFindings(fail: Fail, schema: 'problem' | 'validationProblem', x: Responded, e: Expectation): Finding[] {
  const issues = schemaIssues(schema, x.response.json);
  if (issues.length === 0) return [];
  return [fail(e.operation, {
    title: schema === 'problem' ? 'Problem body malformed' : 'Validation problem body malformed',
    received: issues.map(printIssue).join(', '),
    documented: schema === 'problem'
      ? 'a Problem with type (URL), title, status (Int), detail, instance, errorCode'
      : 'a validation problem with errors, type (URL), title, status (Int), detail, instance, validationErrors [{key, message}]',
    evidence: { issues },
    key: issues.map((i) => `${i.path}:${i.keyword}`).sort(),
  }, x)];
}

/** ERR-PROBLEM-SHAPE: where the Errors table documents a Problem, the body is one. @see interface.md "Errors" */
export const problemShape = defineCheck({
  id: 'problemShape', requirement: 'ERR-PROBLEM-SHAPE', expectation: 'Expectation',
  cases: ['problem', 'accepted'],
  description: 'a documented Problem has type (URL), title, status, detail, instance, errorCode',
  rule(x, e: Expectation, fail) {
    return shapeFindings(fail, 'problem', x, e);
  },
  when: [shapeIs('problem')],
});

/** ERR-VALIDATION-SHAPE: a 400 validation answer is a validation problem. @see interface.md "Errors" */
export const validationProblemShape = defineCheck({
  id: 'validationProblemShape', requirement: 'ERR-VALIDATION-SHAPE', expectation: 'Expectation',
  cases: ['validation'],
  description: 'a 400 validation answer has errors, type, title, status, detail, instance, validationErrors',
  rule(x, e: Expectation, fail) {
    return shapeFindings(fail, 'validationProblem', x, e);
  },
  when: [shapeIs('validationProblem')],
});
