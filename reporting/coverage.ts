import type { Operation } from '../contract/types.js';
import { errorRow } from '../contract/errors.js';
import type { ResultRecord } from './result.js';
import type { ResponseCoverageRow, Summary } from './model.js';

/**
 * Certification coverage: every documented response (each operation's success and each
 * Errors-table row its contract `errors` lists) marked observed or not, from the records'
 * `responsesSeen` keys `${operation} ${status} ${errorCode|'success'}`. The validation row
 * has no errorCode; its key ends in its row key, VALIDATION.
 */
export function responseCoverage(operations: readonly Operation[], records: readonly ResultRecord[]): Summary['responseCoverage'] {
  const seen = new Set(records.flatMap((r) => r.responsesSeen ?? []));
  const rows: ResponseCoverageRow[] = [];
  const add = (operation: string, status: number, code: string) => {
    const key = `${operation} ${status} ${code}`;
    rows.push({ key, operation, status, code, observed: seen.has(key) });
  };
  for (const op of operations) {
    add(op.id, op.success.status, 'success');
    for (const key of op.errors) {
      const row = errorRow(key);
      add(op.id, row.status, row.errorCode ?? row.key);
    }
  }
  const documented = new Set(rows.map((r) => r.key));
  return {
    documented: rows.length,
    observed: rows.filter((r) => r.observed).length,
    rows,
    undocumentedSeen: [...seen].filter((k) => !documented.has(k)).sort(),
  };
}

/**
 * The key a suite puts in `responsesSeen` for one response: `success` for 2xx, the body's
 * errorCode when it has one, VALIDATION for a 400 without one (the Errors table's
 * validation row), else NONE.
 */
export function responseKey(operation: string, status: number, errorCode?: string): string {
  const code = status >= 200 && status < 300 ? 'success' : errorCode ?? (status === 400 ? 'VALIDATION' : 'NONE');
  return `${operation} ${status} ${code}`;
}
