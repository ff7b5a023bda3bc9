import { operation as operationOf } from '../contract/operations.js';
import type { Expectation } from '../generators/expectation.js';
import { hasDocumentedRow as hasRow, problemMember as member } from './error-row.js';
import { defineCheck } from './define.js';

/** A documented Problem's `instance`: the request path, in any form a gateway may leave it. */

function pathOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.search || url.hash ? undefined : url.pathname;
  } catch {
    return undefined;
  }
}

/**
 * Whether `instance` names the request path: the path itself, or a full URL with that path.
 * A path that omits a gateway prefix of the base URL is accepted when it still holds the
 * operation's documented path (the target may not see the prefix).
 */
export function instanceNamesPath(instance: string, requestUrl: string, operation: string): boolean {
  const requestPath = pathOf(requestUrl) ?? new URL(requestUrl).pathname;
  const named = instance.startsWith('/') ? instance : pathOf(instance);
  if (named === undefined) return false;
  if (named === requestPath) return true;
  let documented: string | undefined;
  try {
    documented = operationOf(operation).path;
  } catch {
    documented = undefined;
  }
  return documented !== undefined && named.endsWith(documented) && requestPath.endsWith(named);
}

/** ERR-INSTANCE: `instance` is the request path, without a query string. @see interface.md "Errors" */
export const instanceIsRequestPath = defineCheck({
  id: 'instanceIsRequestPath', requirement: 'ERR-INSTANCE', expectation: 'Expectation',
  cases: ['validation', 'problem', 'accepted'],
  description: '`instance` is the request path, without query string',
  rule(x, e: Expectation, fail) {
    const instance = member(x, 'instance') as string;
    if (instanceNamesPath(instance, x.request.url, x.request.operation)) return [];
    return [fail(e.operation, {
      title: 'Problem instance is not the request path',
      received: `instance ${JSON.stringify(instance)}`,
      documented: `the request path ${new URL(x.request.url).pathname}`,
      key: [instance.replace(/[0-9a-f-]{36}/gi, '<guid>')],
    }, x)];
  },
  when: [hasRow, (x) => typeof member(x, 'instance') === 'string'],
});
