import type { Observation } from '../observations.js';
import { nextPartnerCall } from '../observations.js';
import { judge, type Grade, type Instance } from './judge.js';

const lostShown = (o: Observation) => o.shown === '* 401 SESSION_LOST';
const opensSession = (o: Observation) => o.operation === 'AuthenticatePartner';

/** Sessions the sandbox opened, in order: id → the deviceId it was opened with, and when. */
function sessions(list: readonly Observation[]): Map<string, { deviceId?: string; seq: number }> {
  return new Map(list.filter((o) => o.issuedSession).map((o) => [o.issuedSession!.id, { ...(o.issuedSession!.deviceId ? { deviceId: o.issuedSession!.deviceId } : {}), seq: o.seq }]));
}

/** CLIENT-SESSION-FIRST: no partner call but AuthenticatePartner without a session opened before it. */
export function sessionFirst(list: readonly Observation[]): Grade {
  const opened = sessions(list);
  const calls = list.filter((o) => o.kind === 'partner' && !opensSession(o));
  const bad = calls.filter((o) => !o.sessionId || !opened.has(o.sessionId) || opened.get(o.sessionId)!.seq > o.seq);
  const instances: Instance[] = bad.length
    ? bad.map((o) => ({ ok: false, note: `${o.operation} was called ${o.sessionId ? 'with a sessionId AuthenticatePartner had not returned' : 'without a sessionId'}`, evidence: [o] }))
    : calls.length ? [{ ok: true, note: `all ${calls.length} calls carried a session AuthenticatePartner had opened before them`, evidence: [] }] : [];
  return judge('CLIENT-SESSION-FIRST', instances, 'the client made no partner call besides AuthenticatePartner');
}

/** CLIENT-SESSION-DEVICE: every call of a session carries the deviceId that opened it. */
export function sessionDevice(list: readonly Observation[]): Grade {
  const opened = sessions(list);
  const calls = list.filter((o) => o.kind === 'partner' && o.sessionId && opened.has(o.sessionId));
  const bad = calls.filter((o) => {
    const expected = opened.get(o.sessionId!)!.deviceId;
    return expected !== undefined && o.deviceId !== expected;
  });
  const instances: Instance[] = bad.length
    ? bad.map((o) => ({ ok: false, note: `${o.operation} carried ${o.deviceId ? 'another deviceId' : 'no deviceId'} than the one its session was opened with`, evidence: [o] }))
    : calls.length ? [{ ok: true, note: `all ${calls.length} calls of a session carried its deviceId`, evidence: [] }] : [];
  return judge('CLIENT-SESSION-DEVICE', instances, 'no call was made within a session the sandbox opened');
}

/** CLIENT-SESSION-RENEW: after a 401 for a lost session, a new session, and the lost one never again. */
export function sessionRenew(list: readonly Observation[]): Grade {
  const opened = sessions(list);
  const instances: Instance[] = [];
  const judged = new Set<string>();
  list.forEach((o, i) => {
    if (!lostShown(o) || !o.sessionId || judged.has(o.sessionId) || !opened.has(o.sessionId)) return;
    judged.add(o.sessionId);
    const again = list.slice(i + 1).find((x) => x.kind === 'partner' && x.sessionId === o.sessionId);
    if (again) return instances.push({ ok: false, note: 'the lost sessionId was sent again', evidence: [o, again] });
    const next = list.slice(i + 1).find((x) => x.kind === 'partner' && !opensSession(x));
    if (!next) return;
    const renewed = next.sessionId !== undefined && (opened.get(next.sessionId)?.seq ?? -1) > o.seq;
    instances.push(renewed
      ? { ok: true, note: 'a new session was opened after the 401 and used on the next call', evidence: [o, nextPartnerCall(list, i)!, next] }
      : { ok: false, note: 'the next call did not carry a session opened after the 401', evidence: [o, next] });
  });
  return judge('CLIENT-SESSION-RENEW', instances, 'no call was answered 401 for a lost session (or none followed it)');
}
