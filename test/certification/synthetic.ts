import { operation } from '../../contract/index.js';
import type { ObservedExchange } from '../../reference/interception.js';
import { toObservation, type Observation } from '../../certification/observations.js';
import { injectableAnswers } from '../../certification/responses.js';

/**
 * Observations built by hand, for the grading functions: a tiny script of what a client sent
 * and what it was shown, with times in milliseconds from zero.
 */
export interface Step {
  op?: string;
  /** The token endpoint instead of an operation. */
  token?: boolean;
  at: number;
  end?: number;
  body?: unknown;
  query?: Record<string, unknown>;
  bearer?: string;
  session?: string;
  device?: string;
  version?: string | null;
  tls?: string;
  status?: number;
  outcome?: ObservedExchange['outcome'];
  replyHeaders?: Record<string, string>;
  replyBody?: unknown;
  planned?: string;
}

export const tokenPath = '/oauth2/token';

export function script(steps: readonly Step[]): Observation[] {
  return steps.map((s, i) => {
    const op = s.op ? operation(s.op) : undefined;
    const e: ObservedExchange = {
      seq: i + 1, method: s.token ? 'POST' : op!.method, path: s.token ? tokenPath : op!.path,
      query: s.query ?? {}, body: s.body ?? (op?.method === 'GET' ? undefined : {}),
      headers: {
        ...(s.bearer ? { authorization: `Bearer ${s.bearer}` } : {}),
        ...(s.session ? { sessionid: s.session } : {}), ...(s.device ? { deviceid: s.device } : {}),
        ...(s.version === null || s.token ? {} : { apiversion: s.version ?? '1' }),
      },
      tlsProtocol: s.tls ?? 'TLSv1.3', receivedAt: s.at, finishedAt: s.end ?? s.at + 5,
      outcome: s.outcome ?? 'answered',
      ...((s.outcome ?? 'answered') === 'answered'
        ? { status: s.status ?? 200, replyHeaders: s.replyHeaders ?? {}, replyBody: JSON.stringify(s.replyBody ?? {}) } : {}),
    };
    const planned = s.planned && op ? injectableAnswers(op).get(s.planned) : undefined;
    return toObservation(e, planned, tokenPath);
  });
}

/** A token issued at `at` (expires_in 3600 unless given). */
export const issue = (at: number, value: string, expiresIn = 3600): Step =>
  ({ token: true, at, replyBody: { access_token: value, expires_in: expiresIn, token_type: 'Bearer', scope: 's' } });

/** AuthenticatePartner opening `session` for `device`. */
export const open = (at: number, session: string, device: string, bearer = 't1'): Step =>
  ({ op: 'AuthenticatePartner', at, bearer, body: { deviceId: device }, replyHeaders: { sessionid: session } });

/** An ordinary call in session s1 / device d1 with token t1. */
export const call = (op: string, at: number, more: Partial<Step> = {}): Step =>
  ({ op, at, bearer: 't1', session: 's1', device: 'd1', ...more });
