import { problemMediaType, type RfcSection } from '../contract/errors.js';
import { operation as operationOf } from '../contract/operations.js';
import type { Expectation } from '../generators/expectation.js';
import { documentedErrorRow } from './error-row.js';
import { printIssue, schemaIssues } from './schema.js';
import { bodyObject, check, finding, show, type Responded } from './support.js';
import type { Finding } from './finding.js';

const shapeIs = (shape: 'problem' | 'validationProblem') => (x: Responded, e: Expectation): boolean =>
  documentedErrorRow(x, e)?.shape === shape;
const hasRow = (x: Responded, e: Expectation): boolean => documentedErrorRow(x, e) !== undefined;
const member = (x: Responded, name: string): unknown => bodyObject(x)?.[name];

function shapeFindings(id: string, requirement: string, schema: 'problem' | 'validationProblem', x: Responded, e: Expectation): Finding[] {
  const issues = schemaIssues(schema, x.response.json);
  if (issues.length === 0) return [];
  return [finding(id, requirement, e.operation, {
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
export const problemShape = check(function problemShape(x: Responded, e: Expectation): Finding[] {
  return shapeFindings('problemShape', 'ERR-PROBLEM-SHAPE', 'problem', x, e);
}, shapeIs('problem'));

/** ERR-VALIDATION-SHAPE: a 400 validation answer is a validation problem. @see interface.md "Errors" */
export const validationProblemShape = check(function validationProblemShape(x: Responded, e: Expectation): Finding[] {
  return shapeFindings('validationProblemShape', 'ERR-VALIDATION-SHAPE', 'validationProblem', x, e);
}, shapeIs('validationProblem'));

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a URL names an RFC section in any common form: tools.ietf.org/html/rfc7235#section-3.1,
 * datatracker.ietf.org/doc/html/rfc7235#section-3.1, www.rfc-editor.org/rfc/rfc7235#section-3.1,
 * rfc-editor.org/rfc/rfc7235.html#section-3.1 (case-insensitive).
 */
export function namesRfcSection(url: string, rfc: RfcSection): boolean {
  return new RegExp(`(^|[^a-z0-9])rfc0*${rfc.rfc}(\\.html|\\.txt)?/?#section-${escape(rfc.section)}$`, 'i').test(url.trim());
}

function absoluteUrl(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

/**
 * ERR-TYPE-URL: `type` is an absolute URL naming the RFC section the row documents; where
 * the row documents none, a URL naming some RFC. A missing `type` is left to the shape checks.
 * @see interface.md "Errors"
 */
export const typeNamesRfcSection = check(function typeNamesRfcSection(x: Responded, e: Expectation): Finding[] {
  const row = documentedErrorRow(x, e)!;
  const type = member(x, 'type') as string;
  const ok = absoluteUrl(type) && (row.typeRfc ? namesRfcSection(type, row.typeRfc) : /rfc\d+/i.test(type));
  if (ok) return [];
  return [finding('typeNamesRfcSection', 'ERR-TYPE-URL', e.operation, {
    title: 'Problem type does not name the documented RFC section',
    received: `type ${JSON.stringify(type)}`,
    documented: row.typeRfc
      ? `a URL naming RFC ${row.typeRfc.rfc} section ${row.typeRfc.section} for ${row.key}, e.g. ${row.typeRfc.url}`
      : `a URL that refers to an RFC section for ${row.key}`,
    evidence: { row: row.key, type },
    key: [row.key, type],
  }, x)];
}, hasRow, (x) => typeof member(x, 'type') === 'string');

/** An errorCode member that says something: `null` and `""` are read as none. */
const carriesCode = (code: unknown): boolean => code !== undefined && code !== null && code !== '';

/**
 * ERR-TITLE-CODE: `title` exactly as the Errors table row; a problem case's `errorCode` equals the
 * row's, and a row that documents none (400 validation: "none in body") carries none. Other 400s
 * (malformed JSON D30, apiVersion D5) are not validation answers and may carry one.
 * @see interface.md "Errors"
 */
export const titleAndCodeMatch = check(function titleAndCodeMatch(x: Responded, e: Expectation): Finding[] {
  const row = documentedErrorRow(x, e)!;
  const out: Finding[] = [];
  const code = member(x, 'errorCode');
  const title = member(x, 'title');
  if (row.errorCode !== undefined && code !== row.errorCode) {
    out.push(finding('titleAndCodeMatch', 'ERR-TITLE-CODE', e.operation, {
      title: 'Problem errorCode differs from the Errors table',
      received: `errorCode ${JSON.stringify(code) ?? 'nothing'}`,
      documented: `errorCode "${row.errorCode}" (${row.condition})`,
      key: ['errorCode', row.key, String(code)],
    }, x));
  }
  if (row.errorCode === undefined && carriesCode(code)) {
    out.push(finding('titleAndCodeMatch', 'ERR-TITLE-CODE', e.operation, {
      title: 'Validation problem carries an errorCode',
      received: `errorCode ${show(code)}`,
      documented: `no errorCode in the body of ${row.status} ${row.title} (${row.condition}: "none in body")`,
      key: ['errorCode', row.key, 'present'],
    }, x));
  }
  if (title !== row.title) {
    out.push(finding('titleAndCodeMatch', 'ERR-TITLE-CODE', e.operation, {
      title: 'Problem title differs from the Errors table',
      received: `title ${JSON.stringify(title) ?? 'nothing'}`,
      documented: `title "${row.title}" for ${row.errorCode ?? `status ${row.status}`}`,
      key: ['title', row.key, String(title)],
    }, x));
  }
  return out;
}, hasRow);

/**
 * ERR-STATUS-MEMBER (RFC 7807 §3.1): a body `status` equals the HTTP status, where the Errors
 * table documents a Problem or the target labels its body application/problem+json.
 */
export const statusMemberMatches = check(function statusMemberMatches(x: Responded, e: Expectation): Finding[] {
  const status = member(x, 'status');
  if (status === undefined || status === x.response.status) return [];
  return [finding('statusMemberMatches', 'ERR-STATUS-MEMBER', e.operation, {
    title: 'Problem status differs from the HTTP status',
    received: `status member ${JSON.stringify(status)} on HTTP ${x.response.status}`,
    documented: 'the status member equals the HTTP status (RFC 7807)',
    key: [x.response.status, String(status)],
  }, x)];
}, (x, e) => hasRow(x, e) || (x.response.mediaType === problemMediaType && bodyObject(x) !== undefined));

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
export const instanceIsRequestPath = check(function instanceIsRequestPath(x: Responded, e: Expectation): Finding[] {
  const instance = member(x, 'instance') as string;
  if (instanceNamesPath(instance, x.request.url, x.request.operation)) return [];
  return [finding('instanceIsRequestPath', 'ERR-INSTANCE', e.operation, {
    title: 'Problem instance is not the request path',
    received: `instance ${JSON.stringify(instance)}`,
    documented: `the request path ${new URL(x.request.url).pathname}`,
    key: [instance.replace(/[0-9a-f-]{36}/gi, '<guid>')],
  }, x)];
}, hasRow, (x) => typeof member(x, 'instance') === 'string');
