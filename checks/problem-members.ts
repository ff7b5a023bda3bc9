import { problemMediaType, type RfcSection } from '../contract/errors.js';
import type { Expectation } from '../generators/expectation.js';
import { documentedErrorRow, hasDocumentedRow as hasRow, problemMember as member } from './error-row.js';
import { defineCheck } from './define.js';
import { bodyObject, escapeRegExp, show, type Responded } from './support.js';
import type { Finding } from './finding.js';

/** What the members of a documented Problem say: type, title and errorCode, status (problem-instance.ts: instance). */

/**
 * Whether a URL names an RFC section in any common form: tools.ietf.org/html/rfc7235#section-3.1,
 * datatracker.ietf.org/doc/html/rfc7235#section-3.1, www.rfc-editor.org/rfc/rfc7235#section-3.1,
 * rfc-editor.org/rfc/rfc7235.html#section-3.1 (case-insensitive).
 */
export function namesRfcSection(url: string, rfc: RfcSection): boolean {
  return new RegExp(`(^|[^a-z0-9])rfc0*${rfc.rfc}(\\.html|\\.txt)?/?#section-${escapeRegExp(rfc.section)}$`, 'i').test(url.trim());
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
export const typeNamesRfcSection = defineCheck({
  id: 'typeNamesRfcSection', requirement: 'ERR-TYPE-URL', expectation: 'Expectation',
  cases: ['validation', 'problem', 'accepted'],
  description: '`type` is a URL naming the documented RFC section (any common URL form)',
  rule(x, e: Expectation, fail) {
    const row = documentedErrorRow(x, e)!;
    const type = member(x, 'type') as string;
    const ok = absoluteUrl(type) && (row.typeRfc ? namesRfcSection(type, row.typeRfc) : /rfc\d+/i.test(type));
    if (ok) return [];
    return [fail(e.operation, {
      title: 'Problem type does not name the documented RFC section',
      received: `type ${JSON.stringify(type)}`,
      documented: row.typeRfc
        ? `a URL naming RFC ${row.typeRfc.rfc} section ${row.typeRfc.section} for ${row.key}, e.g. ${row.typeRfc.url}`
        : `a URL that refers to an RFC section for ${row.key}`,
      evidence: { row: row.key, type },
      key: [row.key, type],
    }, x)];
  },
  when: [hasRow, (x) => typeof member(x, 'type') === 'string'],
});

/** An errorCode member that says something: `null` and `""` are read as none. */
const carriesCode = (code: unknown): boolean => code !== undefined && code !== null && code !== '';

/**
 * ERR-TITLE-CODE: `title` exactly as the Errors table row; a problem case's `errorCode` equals the
 * row's, and a row that documents none (400 validation: "none in body") carries none. Other 400s
 * (malformed JSON D30, apiVersion D5) are not validation answers and may carry one.
 * @see interface.md "Errors"
 */
export const titleAndCodeMatch = defineCheck({
  id: 'titleAndCodeMatch', requirement: 'ERR-TITLE-CODE', expectation: 'Expectation',
  cases: ['validation', 'problem', 'accepted'],
  description: '`title` and `errorCode` exactly as the Errors table row',
  rule(x, e: Expectation, fail) {
    const row = documentedErrorRow(x, e)!;
    const out: Finding[] = [];
    const code = member(x, 'errorCode');
    const title = member(x, 'title');
    if (row.errorCode !== undefined && code !== row.errorCode) {
      out.push(fail(e.operation, {
        title: 'Problem errorCode differs from the Errors table',
        received: `errorCode ${JSON.stringify(code) ?? 'nothing'}`,
        documented: `errorCode "${row.errorCode}" (${row.condition})`,
        key: ['errorCode', row.key, String(code)],
      }, x));
    }
    if (row.errorCode === undefined && carriesCode(code)) {
      out.push(fail(e.operation, {
        title: 'Validation problem carries an errorCode',
        received: `errorCode ${show(code)}`,
        documented: `no errorCode in the body of ${row.status} ${row.title} (${row.condition}: "none in body")`,
        key: ['errorCode', row.key, 'present'],
      }, x));
    }
    if (title !== row.title) {
      out.push(fail(e.operation, {
        title: 'Problem title differs from the Errors table',
        received: `title ${JSON.stringify(title) ?? 'nothing'}`,
        documented: `title "${row.title}" for ${row.errorCode ?? `status ${row.status}`}`,
        key: ['title', row.key, String(title)],
      }, x));
    }
    return out;
  },
  when: [hasRow],
});

/**
 * Whether the body is a Problem (RFC 7807 §3.1), whatever its status and media type: labelled
 * application/problem+json, or a JSON object with a `status` member beside a `title` or a `type`.
 * No success body the document shows has a `status` member (contract/success-bodies.ts, the
 * resources), so such a body is a Problem even when it comes with 200 (blind17: `Ok(problem)`).
 */
export function carriesProblem(x: Responded): boolean {
  const body = bodyObject(x);
  if (!body) return false;
  return x.response.mediaType === problemMediaType || ('status' in body && ('title' in body || 'type' in body));
}

/**
 * ERR-STATUS-MEMBER (RFC 7807 §3.1): a body `status` equals the HTTP status, where the Errors
 * table documents a Problem or the answer carries one, on any status, 2xx included.
 */
export const statusMemberMatches = defineCheck({
  id: 'statusMemberMatches', requirement: 'ERR-STATUS-MEMBER', expectation: 'Expectation',
  cases: ['validation', 'problem', 'accepted'],
  description: 'a Problem body `status` equals the HTTP status (RFC 7807)',
  rule(x, e: Expectation, fail) {
    const status = member(x, 'status');
    if (status === undefined || status === x.response.status) return [];
    return [fail(e.operation, {
      title: 'Problem status differs from the HTTP status',
      received: `status member ${JSON.stringify(status)} on HTTP ${x.response.status}`,
      documented: 'the status member equals the HTTP status (RFC 7807)',
      key: [x.response.status, String(status)],
    }, x)];
  },
  when: [(x, e) => hasRow(x, e) || carriesProblem(x)],
});
