import { operations } from '../contract/index.js';
import { unsafeToRepeat } from '../contract/client-requirements.js';
import type { Plan } from './plan.js';
import { nextPartnerCall, transientOf, type Observation } from './observations.js';
import { documentedResponses, transientResponse, type ResponseClass, type ScenarioResponse } from './responses.js';
import type { ScheduledAnswer } from './scenario.js';
import { attemptInRow, resentNext, retryAfterMs, waitedMs } from './grades/judge.js';

/**
 * Which responses the client was shown, and whether it handled each. "Handled", per class:
 * - success, refusal (400, 422, D15/D16): the same request was not sent again as the next call;
 * - denied (AuthenticatePartner 401): the next call opened a session again, or none followed;
 * - token-expired / session-lost: the next call carried another token / session;
 * - unavailable, rate-limited (503, 429): retried, no sooner than Retry-After;
 * - reset: a call safe to repeat was retried after a backoff; EnrollCustomer was not resent at once;
 * - slow: the client waited for the answer, or gave up and did not resend EnrollCustomer at once.
 * Every time a response was shown counts: it is handled when every one was.
 */
export const handledDefinitions: Readonly<Record<string, string>> = {
  success: 'the same request was not sent again as the next call',
  refusal: 'a 400 or 422 (with an errorCode or a D15/D16 code) was not resent unchanged as the next call',
  denied: 'after a denied AuthenticatePartner the next call opened a session again (or none followed)',
  'token-expired': 'the next call carried another token than the refused one',
  'session-lost': 'the next call opened a new session or carried another sessionId',
  unavailable: 'retried, no sooner than the Retry-After',
  'rate-limited': 'retried, no sooner than the Retry-After',
  reset: 'a call safe to repeat was retried after the plan\'s backoff; EnrollCustomer was not resent at once',
  slow: 'the client waited for the answer, or gave up without resending EnrollCustomer at once',
};

export interface CoverageRow extends ScenarioResponse {
  readonly shown: number;
  readonly handled: boolean;
  readonly accepted: boolean;
}

export interface Coverage {
  readonly documented: { readonly total: number; readonly shown: number; readonly handled: number; readonly unhandled: number };
  readonly transient: { readonly total: number; readonly shown: number; readonly handled: number; readonly unhandled: number };
  readonly rows: readonly CoverageRow[];
  /** Operations the client never called: their responses are not counted (the client does not use them). */
  readonly notCalled: readonly string[];
  /** Rows neither shown nor accepted by the operator: they make the run exit 4. */
  readonly unshown: readonly string[];
}

function handledAt(list: readonly Observation[], i: number, cls: ResponseClass, plan: Plan): boolean {
  const o = list[i]!;
  const next = nextPartnerCall(list, i);
  const resent = resentNext(list, i);
  switch (cls) {
    case 'denied': return !next || next.operation === 'AuthenticatePartner';
    case 'token-expired': return !next || next.token !== o.token;
    case 'session-lost': return !next || next.operation === 'AuthenticatePartner' || next.sessionId !== o.sessionId;
    case 'unavailable': case 'rate-limited':
      return !!resent && waitedMs(o, resent) >= (retryAfterMs(o) ?? 0) - plan.grading.toleranceMs;
    case 'reset': case 'slow':
      if (o.exchange.outcome === 'answered') return !resent;
      if (unsafeToRepeat.includes(o.operation ?? '')) return !resent;
      return cls === 'slow' || (!!resent && waitedMs(o, resent) >= plan.grading.minBackoffMs * 2 ** (attemptInRow(list, i) - 1) - plan.grading.toleranceMs);
    default: return !next || !resent;
  }
}

const count = (rows: readonly CoverageRow[]) => ({
  total: rows.length, shown: rows.filter((r) => r.shown > 0).length,
  handled: rows.filter((r) => r.shown > 0 && r.handled).length, unhandled: rows.filter((r) => r.shown > 0 && !r.handled).length,
});

export function coverage(list: readonly Observation[], plan: Plan, planned: readonly ScheduledAnswer[], acceptAll = false): Coverage {
  const called = new Set(list.filter((o) => o.kind === 'partner').map((o) => o.operation!));
  const ops = operations.filter((op) => called.has(op.id));
  const wanted = [
    ...documentedResponses(ops),
    ...[...new Map(planned.filter((p) => !p.response.documented && called.has(p.operation)).map((p) => [p.response.id, transientResponse(p.operation, p.response.code as never)])).values()],
  ];
  const rows = wanted.map((r): CoverageRow => {
    const at = list.flatMap((o, i) => (o.kind === 'partner' && (o.shown === r.id || transientOf(o)?.id === r.id) ? [i] : []));
    const accepted = acceptAll || plan.acceptUnshown.includes(r.id);
    return { ...r, shown: at.length, handled: at.every((i) => handledAt(list, i, r.class, plan)), accepted };
  });
  return {
    documented: count(rows.filter((r) => r.documented)),
    transient: count(rows.filter((r) => !r.documented)),
    rows,
    notCalled: operations.filter((op) => !called.has(op.id)).map((op) => op.id),
    unshown: rows.filter((r) => r.shown === 0 && !r.accepted).map((r) => r.id),
  };
}
