import { apiVersion } from '../../contract/index.js';
import type { Plan } from '../plan.js';
import type { Observation } from '../observations.js';
import { judge, type Grade, type Instance } from './judge.js';

/** Every offending observation fails; otherwise one passing occasion sums up how many held. */
function each(id: string, list: readonly Observation[], bad: (o: Observation) => string | undefined, held: string, noOccasion: string): Grade {
  const failing: Instance[] = list.flatMap((o) => { const why = bad(o); return why ? [{ ok: false, note: why, evidence: [o] }] : []; });
  const instances = failing.length ? failing : list.length ? [{ ok: true, note: held.replace('{n}', String(list.length)), evidence: [] }] : [];
  return judge(id, instances, noOccasion);
}

/** CLIENT-API-VERSION: apiVersion 1 by header or query on every partner call. */
export function apiVersionSent(list: readonly Observation[]): Grade {
  const calls = list.filter((o) => o.kind === 'partner');
  return each('CLIENT-API-VERSION', calls,
    (o) => (o.apiVersion === apiVersion ? undefined : `${o.operation} ${o.apiVersion ? `named apiVersion ${JSON.stringify(o.apiVersion)}` : 'did not name apiVersion'}`),
    `all {n} partner calls named apiVersion ${apiVersion}`, 'the client made no partner call');
}

const modern = new Set(['TLSv1.2', 'TLSv1.3']);

/** CLIENT-TLS: TLS 1.2 or later on every request (the sandbox's own floor is the interface's: an older client never gets in). */
export function tlsVersion(list: readonly Observation[]): Grade {
  return each('CLIENT-TLS', list, (o) => (modern.has(o.exchange.tlsProtocol) ? undefined : `a request came over ${o.exchange.tlsProtocol}`),
    'all {n} requests came over TLS 1.2 or later', 'the client sent no request');
}

/** A full card number: 13 to 19 digits that pass the Luhn check (ISO/IEC 7812). */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[0-9]{13,19}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i += 1) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** CLIENT-TOKEN-NOT-PAN: AddOrUpdateTokenizedCard's cardToken is never a full card number. */
export function tokenNotPan(list: readonly Observation[]): Grade {
  const calls = list.filter((o) => o.operation === 'AddOrUpdateTokenizedCard');
  const token = (o: Observation) => Object.entries((o.exchange.body ?? {}) as Record<string, unknown>).find(([k]) => k.toLowerCase() === 'cardtoken')?.[1];
  return each('CLIENT-TOKEN-NOT-PAN', calls,
    (o) => { const t = token(o); return typeof t === 'string' && looksLikeCardNumber(t.replace(/[\s-]/g, '')) ? 'a full card number was sent as cardToken' : undefined; },
    'no cardToken of {n} AddOrUpdateTokenizedCard call(s) was a card number', 'the client never called AddOrUpdateTokenizedCard');
}

/** CLIENT-RATE: at most the plan's number of requests in any one-second window (all requests count). */
export function rate(list: readonly Observation[], plan: Plan): Grade {
  const max = plan.grading.maxRequestsPerSecond;
  let worst = { count: 0, from: 0 };
  for (let i = 0, j = 0; i < list.length; i += 1) {
    while (list[i]!.at - list[j]!.at >= 1000) j += 1;
    if (i - j + 1 > worst.count) worst = { count: i - j + 1, from: j };
  }
  const instances: Instance[] = list.length < 2 ? [] : [worst.count > max
    ? { ok: false, note: `${worst.count} requests came within one second (at most ${max} allowed)`, evidence: list.slice(worst.from, worst.from + 3) }
    : { ok: true, note: `at most ${worst.count} requests in any one second (${max} allowed)`, evidence: [] }];
  return judge('CLIENT-RATE', instances, 'the client sent fewer than two requests');
}
