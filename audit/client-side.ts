import { gradeClient, type Grade } from '../certification/grades/index.js';
import { tlsVersion, rate } from '../certification/grades/hygiene.js';
import { toObservation, type Observation } from '../certification/observations.js';
import { planSchema, type Plan } from '../certification/plan.js';
import { transientResponse, type ScenarioResponse } from '../certification/responses.js';
import type { ObservedExchange } from '../contract/observed-exchange.js';
import type { AuditEntry } from './entries.js';

/**
 * The client side of an audit: the same traffic graded by certify-client's own grading code
 * (certification/grades/), from observations built as the certification sandbox builds them.
 * What the sandbox knows from its plan, recorded traffic shows by itself: a 503 or 429 is a
 * transient answer, a reset connection is a lost one. Two rows need what a recording may not
 * hold: CLIENT-TLS (the negotiated protocol; Chrome's `_securityDetails` keeps it) and CLIENT-RATE
 * (the operator's rate: `--max-rate`).
 */
export interface ClientSideOptions {
  /** Requests per second the operator allows (CLIENT-RATE); unset, the rate is not graded. */
  readonly maxRate?: number;
}

/** Where every token request of the traffic is filed, whatever its URL: grading asks only "is it the token endpoint". */
const tokenPath = '/token-endpoint';
const unknownTls = 'not recorded';

function planned(e: AuditEntry, operation: string | undefined): ScenarioResponse | undefined {
  if (!operation) return undefined;
  const status = e.exchange.response?.status;
  if (status === 503) return transientResponse(operation, 'UNAVAILABLE');
  if (status === 429) return transientResponse(operation, 'RATE_LIMITED');
  if (!e.exchange.response && e.exchange.transportError?.code === 'CONNECTION_RESET') return transientResponse(operation, 'RESET');
  return undefined;
}

function observed(e: AuditEntry, seq: number): ObservedExchange {
  const { request, response, transportError } = e.exchange;
  const partner = e.recognised.kind === 'partner' ? e.recognised.operation : undefined;
  return {
    seq, method: partner?.method ?? request.method, path: partner?.path ?? tokenPath,
    query: request.query, headers: request.headers, body: request.body ?? request.rawBody,
    tlsProtocol: e.tlsProtocol ?? unknownTls, receivedAt: e.startedAt, finishedAt: e.endedAt,
    outcome: response && !transportError ? 'answered' : transportError?.code === 'CONNECTION_RESET' ? 'reset' : response ? 'answered' : 'aborted',
    ...(response ? { status: response.status, replyHeaders: response.headers, replyBody: response.bodyText } : {}),
  };
}

/** Observations in the order the requests left, `seq` their position in that order. */
export function observationsOf(entries: readonly AuditEntry[]): Observation[] {
  return entries.filter((e) => e.recognised.kind !== 'other').map((e, i) => {
    const o = observed(e, i);
    const op = e.recognised.kind === 'partner' ? e.recognised.operation.id : undefined;
    return toObservation(o, planned(e, op), tokenPath);
  });
}

export interface ClientSide {
  readonly observations: readonly Observation[];
  readonly grades: readonly Grade[];
  readonly plan: Plan;
}

export function gradeClientSide(entries: readonly AuditEntry[], options: ClientSideOptions = {}): ClientSide {
  const plan = planSchema.parse({ injections: [], ...(options.maxRate ? { grading: { maxRequestsPerSecond: options.maxRate } } : {}) });
  const observations = observationsOf(entries);
  const withTls = observations.filter((o) => o.exchange.tlsProtocol !== unknownTls);
  const grades = gradeClient(observations, plan).map((g): Grade => {
    if (g.id === 'CLIENT-TLS')
      return withTls.length ? tlsVersion(withTls) : { id: g.id, status: 'not-covered', reason: 'the recording does not keep the negotiated TLS protocol (a browser export with _securityDetails does)', evidence: [] };
    if (g.id === 'CLIENT-RATE' && !options.maxRate)
      return { id: g.id, status: 'not-covered', reason: 'the rate is the operator\'s setting: give --max-rate <requests per second> to grade it', evidence: [] };
    if (g.id === 'CLIENT-RATE') return rate(observations, plan);
    return g;
  });
  return { observations, grades, plan };
}
