import { defineCheck } from './define.js';
import { escapeRegExp } from './support.js';
import type { Finding } from './finding.js';

/** Shorter values are too likely to occur by chance (a 4-digit year, a count) to prove an echo. */
export const minSecretLength = 8;

export interface SecretExpectation {
  /**
   * Sensitive values the harness sent in this exchange: full card numbers, card tokens, SSNs,
   * the client secret. Callers leave out values the operation may legitimately return.
   */
  readonly sent: readonly string[];
}

/** A digits-only value counts only as a whole number (not inside a longer digit run). */
function pattern(secret: string): RegExp {
  return /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : new RegExp(escapeRegExp(secret));
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => { out.push(k); strings(v, out); });
  return out;
}

/**
 * A finding never carries the secret, not even masked: masking is the client's, by kind
 * (client/redaction.ts), and the report's redacted response shows where the value came back.
 */
const described = (secret: string): string => `a sensitive value sent (${secret.length} characters)`;

/**
 * NO-SECRET-ECHO: no card number, card token, SSN or client secret the harness sent appears in a
 * response header value or body (raw text, or any JSON string after unescaping).
 * @see interface.md "Card" (never the full card number), "What the service does" (sanitized)
 */
export const noSecretEcho = defineCheck({
  id: 'noSecretEcho', requirement: 'NO-SECRET-ECHO', expectation: 'SecretExpectation',
  description: 'no sensitive value sent appears in a response header or body',
  rule(x, e: SecretExpectation, fail) {
    const places: Array<[string, string]> = [
      ...Object.entries(x.response.headers).map(([name, value]): [string, string] => [`header ${name}`, value]),
      ['body', x.response.bodyText],
      ...strings(x.response.json).map((s): [string, string] => ['body', s]),
    ];
    const secrets = [...new Set(e.sent)].filter((s) => s.length >= minSecretLength);
    return secrets.flatMap((secret) => {
      const re = pattern(secret);
      const where = [...new Set(places.filter(([, text]) => re.test(text)).map(([place]) => place))];
      if (where.length === 0) return [];
      return [fail(x.request.operation, {
        title: 'Sensitive value echoed',
        received: `${described(secret)} in the ${where.join(', ')}`,
        documented: 'no card number, card token, SSN or client secret sent appears in a response',
        evidence: { length: secret.length, where },
        key: where,
      }, x)];
    });
  },
});
