import { unsafeToRepeat } from '../../contract/client-requirements.js';
import type { Plan } from '../plan.js';
import { nextPartnerCall, transientOf, type Observation } from '../observations.js';
import { attemptInRow, judge, resentNext, retryAfterMs, waitedMs, type Grade, type Instance } from './judge.js';

const askedToWait = (o: Observation) => ['unavailable', 'rate-limited'].includes(transientOf(o)?.class ?? '') && o.exchange.outcome === 'answered';
const lost = (o: Observation) => o.exchange.outcome === 'reset' || o.exchange.outcome === 'aborted';
const safe = (o: Observation) => !unsafeToRepeat.includes(o.operation ?? '');
const at = (list: readonly Observation[], pick: (o: Observation) => boolean) => list.flatMap((o, i) => (o.kind === 'partner' && pick(o) ? [i] : []));

/** CLIENT-RETRY-TRANSIENT: a 503 or 429 (any call: nothing was done), or a reset of a call safe to repeat, is retried. */
export function retryTransient(list: readonly Observation[]): Grade {
  const instances: Instance[] = at(list, (o) => askedToWait(o) || (o.exchange.outcome === 'reset' && safe(o))).flatMap((i) => {
    const o = list[i]!;
    const next = nextPartnerCall(list, i);
    if (!next) return [];
    const what = o.exchange.status ? `a ${o.exchange.status}` : 'a reset connection';
    return [resentNext(list, i)
      ? { ok: true, note: `${o.operation} was retried after ${what}`, evidence: [o, next] }
      : { ok: false, note: `${o.operation} was not retried after ${what}: the next call was ${next.operation}`, evidence: [o, next] }];
  });
  return judge('CLIENT-RETRY-TRANSIENT', instances, 'no 503, 429 or reset was shown on a call safe to repeat (or nothing followed it)');
}

/** CLIENT-RETRY-AFTER: the retry of a 503 or 429 waits the Retry-After it carried. */
export function retryAfter(list: readonly Observation[], plan: Plan): Grade {
  const instances: Instance[] = at(list, askedToWait).flatMap((i) => {
    const o = list[i]!;
    const next = resentNext(list, i);
    const asked = retryAfterMs(o);
    if (!next || asked === undefined) return [];
    const waited = waitedMs(o, next);
    return [{ ok: waited >= asked - plan.grading.toleranceMs, note: `the retry of ${o.operation} came ${waited} ms after a ${o.exchange.status} asking for ${asked} ms`, evidence: [o, next] }];
  });
  return judge('CLIENT-RETRY-AFTER', instances, 'no 503 or 429 with Retry-After was retried');
}

/** CLIENT-RETRY-BACKOFF: the k-th retry of a reset call waits at least minBackoffMs · 2^(k-1). */
export function retryBackoff(list: readonly Observation[], plan: Plan): Grade {
  // Resets only: a client that gave up on a slow answer has already waited its own timeout.
  const instances: Instance[] = at(list, (o) => o.exchange.outcome === 'reset' && safe(o)).flatMap((i) => {
    const o = list[i]!;
    const next = resentNext(list, i);
    if (!next) return [];
    const k = attemptInRow(list, i);
    const floor = plan.grading.minBackoffMs * 2 ** (k - 1);
    const waited = waitedMs(o, next);
    return [{ ok: waited >= floor - plan.grading.toleranceMs, note: `retry ${k} of ${o.operation} came ${waited} ms after the reset (at least ${floor} ms expected)`, evidence: [o, next] }];
  });
  return judge('CLIENT-RETRY-BACKOFF', instances, 'no reset call was retried');
}

/** CLIENT-NO-BLIND-RETRY: a call not safe to repeat is not resent at once when its answer was lost. */
export function noBlindRetry(list: readonly Observation[]): Grade {
  const instances: Instance[] = at(list, (o) => lost(o) && !safe(o)).map((i) => {
    const o = list[i]!;
    const next = resentNext(list, i);
    return next
      ? { ok: false, note: `${o.operation} was resent at once after its answer was lost, without finding out whether it had been applied`, evidence: [o, next] }
      : { ok: true, note: `${o.operation} was not resent blindly after its answer was lost`, evidence: [o, ...(nextPartnerCall(list, i) ? [nextPartnerCall(list, i)!] : [])] };
  });
  return judge('CLIENT-NO-BLIND-RETRY', instances, `no call of ${unsafeToRepeat.join(', ')} lost its answer`);
}

/** CLIENT-NO-RETRY-4XX: a 400 or 422 is not resent unchanged as the next call. */
export function noRetry4xx(list: readonly Observation[]): Grade {
  const instances: Instance[] = at(list, (o) => o.exchange.status === 400 || o.exchange.status === 422).map((i) => {
    const o = list[i]!;
    const next = resentNext(list, i);
    return next
      ? { ok: false, note: `${o.operation} was resent unchanged after a ${o.exchange.status} ${o.shown?.split(' ').pop() ?? ''}`.trimEnd(), evidence: [o, next] }
      : { ok: true, note: `no 400 or 422 answer was resent unchanged`, evidence: [o] };
  });
  return judge('CLIENT-NO-RETRY-4XX', instances, 'no call was answered 400 or 422');
}
