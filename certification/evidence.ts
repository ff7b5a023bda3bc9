import { Redactor } from '../client/redaction.js';
import type { Observation } from './observations.js';

/**
 * Exchanges as report lines, with secrets and personal data masked by the harness's own
 * Redactor (client/redaction.ts): the client secret, every token and sessionId the sandbox
 * issued or saw, and every sensitive member of every body (SSN, card number, card token, ...).
 */
export function redactorFor(list: readonly Observation[], secrets: readonly string[]): Redactor {
  const redactor = new Redactor();
  for (const s of secrets) redactor.learn(s, 'clientSecret');
  for (const o of list) {
    redactor.learnJson(o.exchange.body);
    redactor.learnJson(o.exchange.query);
    try { redactor.learnJson(JSON.parse(o.exchange.replyBody ?? '')); } catch { /* not JSON: nothing to learn by name */ }
    redactor.learn(o.token, 'accessToken');
    redactor.learn(o.issuedToken?.value, 'accessToken');
    redactor.learn(o.sessionId, 'sessionId');
    redactor.learn(o.issuedSession?.id, 'sessionId');
    const auth = o.exchange.headers.authorization;
    if (typeof auth === 'string' && /^basic /i.test(auth)) redactor.learn(auth.slice(6).trim(), 'basicCredentials');
  }
  return redactor;
}

const clip = (s: string, max = 240): string => (s.length > max ? `${s.slice(0, max)}…` : s);

function answerOf(o: Observation): string {
  const e = o.exchange;
  if (e.outcome === 'reset') return 'connection reset by the sandbox';
  if (e.outcome === 'aborted') return 'the client gave up before the answer';
  const code = o.shown && !o.shown.endsWith('success') ? ` ${o.shown.split(' ').pop()}` : '';
  const retryAfter = e.replyHeaders?.['retry-after'];
  return `${e.status}${code}${retryAfter ? ` (Retry-After: ${String(retryAfter)})` : ''}`;
}

/** Tokens and sessions by the order the sandbox issued them: masked values all look alike, numbers do not. */
function labeller(list: readonly Observation[]): { token(v?: string): string; session(v?: string): string } {
  const tokens = list.flatMap((o) => (o.issuedToken ? [o.issuedToken.value] : []));
  const sessions = list.flatMap((o) => (o.issuedSession ? [o.issuedSession.id] : []));
  const label = (all: string[], kind: string, v?: string) => (v === undefined ? `no ${kind}` : all.includes(v) ? `${kind} ${all.indexOf(v) + 1}` : `unknown ${kind}`);
  return { token: (v) => label(tokens, 'token', v), session: (v) => label(sessions, 'session', v) };
}

export interface EvidenceWriter {
  readonly redactor: Redactor;
  /** `#12 +3.204s FindCustomer: POST /api/… {body} [token 1, session 2] → 422 CUSTOMER_NOT_FOUND (planned: …)`, masked. */
  line(o: Observation): string;
  /** Evidence lines of a grade, each exchange once, in arrival order. */
  lines(list: readonly Observation[]): string[];
}

export function evidenceWriter(list: readonly Observation[], secrets: readonly string[], startedAt: number): EvidenceWriter {
  const redactor = redactorFor(list, secrets);
  const labels = labeller(list);
  const line = (o: Observation): string => {
    const e = o.exchange;
    const when = `+${((o.at - startedAt) / 1000).toFixed(3)}s`;
    const what = o.kind === 'token' ? 'token request' : o.operation ?? e.path;
    const query = Object.keys(e.query).length ? `?${new URLSearchParams(Object.entries(redactor.redactJson(e.query) as Record<string, string>))}` : '';
    const body = e.body === undefined || e.body === null ? '' : ` ${clip(JSON.stringify(redactor.redactJson(e.body)))}`;
    const held = o.kind === 'partner' ? ` [${labels.token(o.token)}, ${o.operation === 'AuthenticatePartner' ? 'opens a session' : labels.session(o.sessionId)}]` : '';
    const issued = o.issuedToken ? ` (issues ${labels.token(o.issuedToken.value)})` : o.issuedSession ? ` (opens ${labels.session(o.issuedSession.id)})` : '';
    const planned = o.planned ? ` (planned: ${o.planned.code})` : '';
    return redactor.redact(`#${o.seq} ${when} ${what}: ${e.method} ${e.path}${query}${body}${held} → ${answerOf(o)}${issued}${planned}`);
  };
  const lines = (some: readonly Observation[]) => [...new Map(some.map((o) => [o.seq, o])).values()].sort((a, b) => a.seq - b.seq).map(line);
  return { redactor, line, lines };
}
