import type { Responded } from '../../checks/support.js';
import type { Expected, Oracle } from '../../oracles/judge.js';
import type { AuditEntry } from '../entries.js';
import { requestVerdict } from '../rules/request-verdict.js';
import type { Book } from '../state/book.js';
import { accessOf } from './access.js';
import { payloadExpected } from './payload.js';
import { rowExpected } from './payload-rows.js';
import { genericOracles, resourceOracles, rowShapeOracles, tokenOracles } from './shapes.js';

/**
 * Everything one recorded exchange is expected to show, for the one judge of the run
 * (oracles/judge.ts): the generic contract for every exchange of the interface, the
 * token endpoint's rules, and for a partner call its access, its payload (when the access lets
 * it be judged), the resources of a success and the scenario rules the traffic holds the story of.
 */
/** What status and headers alone can judge, where the exporter left the body out. */
const withoutBody = new Set<string>(['noServerError', 'wwwAuthenticateOn401', 'bearerRefused', 'tokenReused', 'sessionHeaderPresent']);

export function expectedOf(e: AuditEntry, book: Book): Expected | undefined {
  const expected = bodyExpected(e, book);
  return expected && !e.bodyRecorded ? { oracles: expected.oracles.filter((o) => withoutBody.has(o.id)) } : expected;
}

function bodyExpected(e: AuditEntry, book: Book): Expected | undefined {
  const x = e.exchange;
  if (e.recognised.kind === 'other' || !x.response) return undefined;
  const generic = genericOracles(e, book);
  if (e.recognised.kind === 'token') return { oracles: [...generic, ...tokenOracles()] };
  const op = e.recognised.operation;
  const responded = x as Responded;
  const status = responded.response.status;
  const access = accessOf(e, book);
  const resources = resourceOracles(e, op, book);
  const merge = (expected: Expected, more: readonly Oracle[] = []): Expected =>
    ({ ...expected, oracles: [...generic, ...access.oracles, ...expected.oracles, ...resources, ...more] });
  if (access.payloadNotJudged) {
    // A denial of AuthenticatePartner to a token this traffic issued: the documented 401 UNAUTHORIZED row.
    const denied = op.id === 'AuthenticatePartner' && status === 401 && access.knownGoodToken && !/invalid_token/i.test(responded.response.headers['www-authenticate'] ?? '');
    if (denied) return merge(rowExpected(op, 'UNAUTHORIZED'));
    // Whatever refused it, an answer naming a row its operation lists is that row, as the run judges it (oracles/judge.ts; blind13).
    return merge({ oracles: rowShapeOracles(op, responded) });
  }
  const verdict = requestVerdict(op, x.request);
  const payload = payloadExpected(e, op, verdict, book, access.sessionProven);
  const judgedByRules = payload.oracles.some((o) => o.id === 'statusMatches' || o.id === 'validPayloadAccepted');
  return merge(payload, judgedByRules ? [] : rowShapeOracles(op, responded));
}
