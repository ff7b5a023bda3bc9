import { errorRow, operations, referenceOnlyErrors, type Operation } from '../contract/index.js';

/**
 * Every response a client can be shown, derived from contract/: per operation its success, each
 * Errors-table row its contract lists, and the refusal with a code of the operator's own (D15
 * card authorization, D16 duplicate SSN or e-mail); for every operation but AuthenticatePartner
 * the two 401s a long-lived client meets (its token expired, its session is gone); and the
 * transient faults a fault-tolerant client must survive (not documented responses: counted apart).
 */
export type ResponseClass =
  | 'success' | 'refusal' | 'denied' | 'token-expired' | 'session-lost'
  | 'unavailable' | 'rate-limited' | 'reset' | 'slow';

export interface ScenarioResponse {
  /** `${operation} ${status} ${code}`, as reporting/coverage.ts keys responses; access 401s use operation `*`. */
  readonly id: string;
  readonly operation: string;
  readonly status: number | 'none';
  /** The answer's name in a plan (CUSTOMER_NOT_FOUND, TOKEN_EXPIRED, RESET, ...); `success` for the success row. */
  readonly code: string;
  readonly class: ResponseClass;
  readonly documented: boolean;
}

export const anyOperation = '*';
export const accessAnswers = { TOKEN_EXPIRED: 'token-expired', SESSION_LOST: 'session-lost' } as const;
export const transientAnswers = { UNAVAILABLE: 503, RATE_LIMITED: 429, RESET: 'none', SLOW: 'none' } as const;
export type TransientAnswer = keyof typeof transientAnswers;
const transientClass: Record<TransientAnswer, ResponseClass> = { UNAVAILABLE: 'unavailable', RATE_LIMITED: 'rate-limited', RESET: 'reset', SLOW: 'slow' };

export const responseId = (operation: string, status: number | 'none', code: string): string =>
  status === 'none' ? `${operation} ${code}` : `${operation} ${status} ${code}`;

/** D15/D16: the refusal codes the sandbox answers with (the reference's; the interface shows none). */
export function ownRefusals(op: Operation): Array<{ code: string; status: number }> {
  const e = referenceOnlyErrors;
  if (op.refusesForOwnReasons === 'D15') return [{ code: e.cardAuthorizationFailed.legacyCode, status: e.cardAuthorizationFailed.status }];
  if (op.refusesForOwnReasons === 'D16') return [e.duplicateSsn, e.duplicateEmail].map((x) => ({ code: x.legacyCode, status: x.status }));
  return [];
}

/** The documented answers a plan may inject into calls of `op` (success excluded: the reference gives it). */
export function documentedAnswers(op: Operation): ScenarioResponse[] {
  const rows = op.errors.map((key) => {
    const row = errorRow(key);
    const code = row.errorCode ?? row.key;
    const cls: ResponseClass = row.status === 401 ? 'denied' : 'refusal';
    return { id: responseId(op.id, row.status, code), operation: op.id, status: row.status, code, class: cls, documented: true };
  });
  const own = ownRefusals(op).map((r) => ({ id: responseId(op.id, r.status, r.code), operation: op.id, status: r.status, code: r.code, class: 'refusal' as const, documented: true }));
  return [...rows, ...own];
}

export function accessResponses(): ScenarioResponse[] {
  return Object.entries(accessAnswers).map(([code, cls]) =>
    ({ id: responseId(anyOperation, 401, code), operation: anyOperation, status: 401, code, class: cls, documented: true }));
}

export function transientResponse(operation: string, answer: TransientAnswer): ScenarioResponse {
  const status = transientAnswers[answer];
  return { id: responseId(operation, status, answer), operation, status, code: answer, class: transientClass[answer], documented: false };
}

/** Every documented response of the given operations, in contract order. */
export function documentedResponses(ops: readonly Operation[] = operations): ScenarioResponse[] {
  return [
    ...ops.flatMap((op) => [
      { id: responseId(op.id, op.success.status, 'success'), operation: op.id, status: op.success.status, code: 'success', class: 'success' as const, documented: true },
      ...documentedAnswers(op),
    ]),
    ...(ops.some((op) => op.sessionRequired) ? accessResponses() : []),
  ];
}

/** The answer names a plan may give for calls of `op`, with the response each one shows. */
export function injectableAnswers(op: Operation): Map<string, ScenarioResponse> {
  const out = new Map<string, ScenarioResponse>();
  for (const r of documentedAnswers(op)) out.set(r.code, r);
  // AuthenticatePartner presents a token (D2) but opens the session: it cannot lose one.
  for (const r of accessResponses()) if (op.sessionRequired || r.class === 'token-expired') out.set(r.code, r);
  for (const answer of Object.keys(transientAnswers) as TransientAnswer[]) out.set(answer, transientResponse(op.id, answer));
  return out;
}
