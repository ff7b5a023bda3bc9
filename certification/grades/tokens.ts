import type { Plan } from '../plan.js';
import type { Observation } from '../observations.js';
import { nextPartnerCall } from '../observations.js';
import { judge, type Grade, type Instance } from './judge.js';

const expiredShown = (o: Observation) => o.shown === '* 401 TOKEN_EXPIRED';

/**
 * CLIENT-TOKEN-REUSE: every token fetched after the first must have been needed: the held one
 * was close to its expires_in (the plan's margin) or had been refused with a 401.
 */
export function tokenReuse(list: readonly Observation[], plan: Plan): Grade {
  const issues = list.filter((o) => o.issuedToken);
  const partner = list.filter((o) => o.kind === 'partner');
  const instances: Instance[] = [];
  if (issues.length === 1 && partner.filter((o) => o.token === issues[0]!.issuedToken!.value).length >= 2)
    instances.push({ ok: true, note: `one token served ${partner.length} partner calls`, evidence: [issues[0]!] });
  for (let i = 1; i < issues.length; i += 1) {
    const prev = issues[i - 1]!;
    const fetch = issues[i]!;
    const held = prev.issuedToken!;
    const leftS = (prev.end + held.expiresIn * 1000 - fetch.at) / 1000;
    const refused = list.some((o) => o.seq > prev.seq && o.seq < fetch.seq && o.token === held.value && o.exchange.status === 401);
    const used = partner.filter((o) => o.token === held.value).length;
    instances.push(leftS <= plan.grading.tokenRenewMarginSeconds || refused
      ? { ok: true, note: `a new token was fetched only when the held one ${refused ? 'was refused' : 'was close to expiry'}`, evidence: [fetch] }
      : { ok: false, note: `a new token was fetched while the held one had ${Math.round(leftS)} s of its ${held.expiresIn} s left and served ${used} call(s)`, evidence: [prev, fetch] });
  }
  return judge('CLIENT-TOKEN-REUSE', instances, 'the client made fewer than two partner calls with a token');
}

/** CLIENT-TOKEN-RENEW: after a 401 for its token, a new token, and the refused one never again. */
export function tokenRenew(list: readonly Observation[]): Grade {
  const instances: Instance[] = [];
  const judged = new Set<string>();
  list.forEach((o, i) => {
    if (!expiredShown(o) || !o.token || judged.has(o.token)) return;
    judged.add(o.token);
    const again = list.slice(i + 1).find((x) => x.kind === 'partner' && x.token === o.token);
    if (again) return instances.push({ ok: false, note: 'the refused token was presented again', evidence: [o, again] });
    const next = nextPartnerCall(list, i);
    if (!next) return;
    const renewed = list.some((x) => x.issuedToken?.value === next.token && x.seq > o.seq);
    instances.push(renewed
      ? { ok: true, note: 'a new token was fetched after the 401 and used on the next call', evidence: [o, next] }
      : { ok: false, note: 'the next call did not carry a token fetched after the 401', evidence: [o, next] });
  });
  return judge('CLIENT-TOKEN-RENEW', instances, 'no call was answered 401 for an expired token (or none followed it)');
}
