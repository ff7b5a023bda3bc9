import type { z } from 'zod';

/**
 * A traffic file the audit cannot read (exit 2): one sentence that says what is wrong, where,
 * and how to get a readable file.
 */
export class AuditInputError extends Error {
  readonly code = 'AUDIT_INPUT_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'AuditInputError';
  }
}

/** `log.entries[3].request.url` */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

const whatIsNeeded = 'a HAR 1.2 file needs log.entries, each with startedDateTime, request.method, request.url and response.status';

/** The first problem of a parse, as the one sentence the user reads. */
export function describeIssues(source: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): AuditInputError {
  const issue = error.issues[0]!;
  const where = issuePath([...prefix, ...issue.path]) || 'the top level';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  const said = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is missing' : issue.message.replace(/^Invalid input: /, '');
  return new AuditInputError(`${source}: ${where} ${said}${more}; ${whatIsNeeded}: export the traffic again as HAR from the browser, proxy or API client that recorded it, or give the file a run wrote (CONFORMANCE_RECORD_TRAFFIC).`);
}
