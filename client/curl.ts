import { wireBody, type CaseRequest } from './exchange.js';
import type { Redactor, SecretKind } from './redaction.js';
import { requestUrl } from './http-attempt.js';

/**
 * A copy-pasteable curl command reproducing a request. Secrets become shell variables the
 * reader sets ($TOKEN, $SESSION_ID, $SSO_TOKEN, $TARGET_CLIENT_ID/$TARGET_CLIENT_SECRET);
 * personal data stays masked (`[ssn:***]`), so the command is safe to paste into a ticket.
 * It carries the request's own headers; not the harness's correlation header, which the
 * transport adds from `correlationId` at send time: a pasted command is a new request, and
 * sharing the original's id would confuse the target's logs.
 */
export interface CurlOptions {
  /** Add `--cacert "$TARGET_CA_FILE"` (the run trusts an extra CA). */
  readonly caFile?: boolean;
}

const mark = (name: string) => `\u0000${name}\u0000`;

const placeholders: Partial<Record<SecretKind, string>> = {
  accessToken: 'TOKEN',
  clientSecret: 'TARGET_CLIENT_SECRET',
  sessionId: 'SESSION_ID',
  ssoToken: 'SSO_TOKEN',
};

function withPlaceholders(text: string): string {
  let out = text;
  for (const [kind, name] of Object.entries(placeholders)) out = out.split(`[${kind}:***]`).join(mark(name!));
  return out;
}

/** Single-quotes literal text; placeholders become "$NAME" so the shell expands them. */
export function shellQuote(text: string): string {
  if (text === '') return "''";
  return text
    .split(/\u0000([A-Z_]+)\u0000/)
    .map((part, i) => (i % 2 === 1 ? `"$${part}"` : part === '' ? '' : `'${part.replace(/'/g, `'\\''`)}'`))
    .join('');
}

export function toCurl(request: CaseRequest, redactor: Redactor, options: CurlOptions = {}): string {
  const args: string[] = ['curl', '-sS', '-i', '-X', request.method];
  if (options.caFile) args.push('--cacert', '"$TARGET_CA_FILE"');
  let hasType = false;
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') hasType = true;
    if (lower === 'authorization' && /^basic\s/i.test(value)) {
      args.push('-u', `"$TARGET_CLIENT_ID:$TARGET_CLIENT_SECRET"`);
      continue;
    }
    const masked = redactor.redactHeaders({ [name]: value })[name]!;
    args.push('-H', shellQuote(withPlaceholders(`${name}: ${masked}`)));
  }
  const body = wireBody(request);
  if (body !== undefined) {
    if (!hasType && request.rawBody === undefined) args.push('-H', shellQuote('content-type: application/json'));
    args.push('--data-raw', shellQuote(withPlaceholders(redactor.redactBody(body))));
  }
  args.push(shellQuote(withPlaceholders(redactor.redact(requestUrl(request)))));
  return args.join(' ');
}
