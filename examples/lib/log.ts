import { answered, type Outcome } from './transport.js';

/**
 * One line per call: round, operation, status (or reset/timeout), and the error code when
 * the answer carries one. Never a token, a secret or a customer's data: logs travel far.
 */
export const log = {
  round: 0,
  call(operation: string, outcome: Outcome | 'skipped'): void {
    if (outcome === 'skipped') return void console.log(`${this.round} ${operation} skipped`);
    console.log(`${this.round} ${operation} ${outcome.status} ${answered(outcome) ? codeOf(outcome.body) : outcome.code}`.trimEnd());
  },
  /** Why the client does what it does next (retry, renew, give up); indented under the call. */
  note(text: string): void {
    console.log(`    -> ${text}`);
  },
};

function codeOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as Record<string, unknown>;
  const code = b.errorCode ?? b.ErrorCode ?? b.error;
  return typeof code === 'string' && /^[\w.-]{1,60}$/.test(code) ? code : '';
}
