import type { Requirement } from '../../contract/requirements.js';
import { operation } from '../../contract/operations.js';
import type { RecordedFinding, ResultRecord } from '../../reporting/result.js';
import { buildSummary, type SummaryInput } from '../../reporting/summary.js';

/** A small contract slice: enough rows for every status without 242-row snapshots. */
export const reqs: Requirement[] = [
  { id: 'GEN-NO-5XX', section: 'Errors', severity: 'unspecified', text: 'no request is answered with a 5xx status' },
  { id: 'FIND-SSN-LENGTH', section: 'FindCustomer', severity: 'documented', text: 'ssn length 9..9', operation: 'FindCustomer' },
  { id: 'FIND-SSN-FORMAT', section: 'FindCustomer', severity: 'documented', text: 'ssn format: ssn', operation: 'FindCustomer' },
  { id: 'FIND-NOT-FOUND', section: 'FindCustomer', severity: 'ambiguous', text: 'no match: empty customerId or 422 CUSTOMER_NOT_FOUND', decisions: ['D8'] },
  { id: 'HISTORY-PAGING', section: 'GetTransactionHistory', severity: 'ambiguous', text: 'paging starts at the referenced transaction', decisions: ['D22'] },
  { id: 'FIND-SUCCESS', section: 'FindCustomer', severity: 'documented', text: 'FindCustomer success: 200 {customerId}', operation: 'FindCustomer' },
  { id: 'ENROLL-SUCCESS', section: 'EnrollCustomer', severity: 'documented', text: 'EnrollCustomer success', operation: 'EnrollCustomer' },
  { id: 'TOKEN-SHAPE', section: 'Authentication', severity: 'documented', text: 'access_token, expires_in 3600' },
];

export const finding = (over: Partial<RecordedFinding> = {}): RecordedFinding => ({
  check: 'validationKeyNamesField', requirement: 'FIND-SSN-LENGTH', severity: 'documented',
  title: 'Validation key names the wrong field', message: 'Received key command.Dob; documented command.Ssn',
  dedupKey: 'FIND-SSN-LENGTH|key', ...over,
});

const base = { suite: 'find-customer', property: 'ssn too long is rejected', operation: 'FindCustomer', check: 'statusMatches' };
const repro = { seed: 42, path: '3:0', replay: 'CONFORMANCE_SEED=42 CONFORMANCE_PATH=3:0 npm run conformance -- suites/find-customer', curl: "curl -X POST 'https://t/api/v1/partners/find-customer' -H 'Authorization: Bearer ***' --data '{\"Ssn\":\"1234567890\"}'" };

export const records: ResultRecord[] = [
  { ...base, requirement: 'GEN-NO-5XX', status: 'passed', responsesSeen: ['FindCustomer 400 VALIDATION', 'FindCustomer 500 NONE'] },
  { ...base, requirement: 'FIND-SSN-LENGTH', status: 'passed' },
  { ...base, requirement: 'FIND-SSN-LENGTH', status: 'failed', findings: [finding()], reproduction: repro },
  { ...base, requirement: 'FIND-SSN-LENGTH', status: 'failed', findings: [finding()], reproduction: { ...repro, path: '3:1' } },
  { ...base, requirement: 'FIND-NOT-FOUND', status: 'observed', reason: '422 CUSTOMER_NOT_FOUND' },
  { ...base, requirement: 'HISTORY-PAGING', status: 'failed', suite: 'history', findings: [finding({ requirement: 'HISTORY-PAGING', severity: 'ambiguous', title: 'Page has a gap', message: 'Received 3 items after the reference; documented at most pageSize+1', dedupKey: 'HISTORY-PAGING|gap', check: 'pagingContinuous' })] },
  { ...base, requirement: 'FIND-SUCCESS', status: 'passed', responsesSeen: ['FindCustomer 200 success'] },
  { ...base, requirement: 'ENROLL-SUCCESS', status: 'skipped-by-profile', reason: 'production profile sends no write' },
];

export const fixedInput = (over: Partial<SummaryInput> = {}): SummaryInput => ({
  records, requirements: reqs, operations: [operation('FindCustomer')],
  selection: { only: [] },
  startedAt: new Date('2030-01-02T03:00:00Z'), finishedAt: new Date('2030-01-02T03:04:05Z'),
  target: { baseUrl: 'https://127.0.0.1:8443', kind: 'reference' },
  waivers: [], ...over,
});

export const summaryOf = (over: Partial<SummaryInput> = {}) => buildSummary(fixedInput(over));
