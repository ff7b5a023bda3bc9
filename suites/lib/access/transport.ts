import { randomUUID } from 'node:crypto';
import { operations, tokenOperation } from '../../../contract/index.js';
import { offListSourceRefused, refusalCarriesNoAnswer } from '../../../checks/index.js';
import { oracle } from '../../../oracles/judge.js';
import { useRefusedSession } from './refused-session.js';
import { withVersionIn, type CaseRequest, type Exchange, type VersionWay } from '../../../client/index.js';
import { ownSourceAddress, sendFromSource } from '../../../client/source-probe.js';
import type { HarnessContext } from '../runner/context.js';
import { OutcomeBuilder } from './case.js';
import { bearerProbeInput } from './requests.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';
import { PairLog } from '../ownership/pairs.js';
import { alternatingStrategy } from './version-strategy.js';

/** Connection outcomes that are a refusal (D25): nothing listened for that source, or it was cut off. */
const refusedConnection = new Set(['TARGET_UNREACHABLE', 'CONNECTION_RESET']);

/** The forwarding headers a proxy would add, naming `allowed` as the client (D46). */
/** Every header a proxy or load balancer commonly sets for the client's address (D46: "such as"), all naming the allowed one. */
const forwardedFor = (allowed: string) => ({
  'x-forwarded-for': allowed, forwarded: `for=${allowed.includes(':') ? `"[${allowed}]"` : allowed}`,
  'x-real-ip': allowed, 'true-client-ip': allowed, 'x-client-ip': allowed,
});

/**
 * ALLOW-LIST (D25, D46): every operation's request, and the token endpoint's, is sent again from
 * TARGET_PROBE_SOURCE_ADDRESS, which the user says is off the target's allow list: once as it was
 * and once with X-Forwarded-For and Forwarded naming the run's own (allowed) address. Each must be
 * refused: 403, or a refused or reset connection. Writing operations get a body validation
 * rejects, so a target that skips the list still writes nothing. The two probes of an operation
 * select the version the two documented ways, which alternate over the operations: every operation
 * is probed both ways, and each probe meets both (blind16: a query-versioned pipeline had no
 * allow-list filter). Without an allowed address to forward, the plain probe is sent both ways.
 */
export async function allowListCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const source = ctx.profile.probeSourceAddress;
  if (!source) throw new FixtureError('no source address off the allow list: set TARGET_PROBE_SOURCE_ADDRESS to a local address the target does not allow', { enabledBy: 'TARGET_PROBE_SOURCE_ADDRESS' });
  const out = new OutcomeBuilder();
  const log = new PairLog();
  const exchanges: Exchange[] = [];
  const session = await ctx.session();
  const base = new URL(ctx.profile.target!.baseUrl);
  const allowed = await ownSourceAddress(base.hostname.replace(/^\[|\]$/g, ''), Number(base.port || 443), ctx.profile.timeoutMs);

  const probe = async (served: CaseRequest, operation: string, forwarded: boolean, way?: VersionWay) => {
    const request = way ? withVersionIn(served, way) : served;
    const headers = forwarded && allowed ? { ...request.headers, ...forwardedFor(allowed) } : request.headers;
    const { exchange, localFailure } = await sendFromSource({ ...request, headers, correlationId: randomUUID() }, {
      localAddress: source, timeoutMs: ctx.profile.timeoutMs, ...(ctx.profile.caFile ? { caFile: ctx.profile.caFile } : {}),
    });
    if (localFailure) throw new FixtureError(`this machine cannot send from ${source} (TARGET_PROBE_SOURCE_ADDRESS): ${localFailure}`, { enabledBy: 'TARGET_PROBE_SOURCE_ADDRESS' });
    exchanges.push(exchange);
    const code = exchange.transportError?.code;
    if (code && !refusedConnection.has(code)) return out.broken(`the probe of ${operation} from ${source} met ${code}: ${exchange.transportError!.message}`);
    const address = forwarded ? `${source} with X-Forwarded-For, Forwarded, X-Real-IP, True-Client-IP and X-Client-IP naming ${allowed}` : source;
    const from = way ? `${address}, apiVersion in the ${way === 'query' ? 'query string' : 'header'}` : address;
    out.probe('ALLOW-LIST', offListSourceRefused({ sourceAddress: from, operation, ...(exchange.response && !code ? { status: exchange.response.status } : {}) }));
    if (code || !exchange.response) return undefined;
    // A refusal grants nothing (D25: "accepted only from allow-listed" addresses): no answer of the
    // operation under its status, and a sessionId it carried is refused when used from the own address.
    out.judge(exchange, [oracle(refusalCarriesNoAnswer, { requirement: 'ALLOW-LIST' }, 'ALLOW-LIST')]);
    out.add(await useRefusedSession(ctx, exchange, { requirement: 'ALLOW-LIST', refused: `${operation} from ${from}` }));
    return undefined;
  };

  const token = await ctx.client.token.requestToken({});
  exchanges.push(token);
  if (!token.transportError) await probe(token.request, tokenOperation, false);
  for (const [i, op] of operations.entries()) {
    const control = await ctx.client.call(op.id, bearerProbeInput(ctx, op), op.sessionRequired ? { session } : {});
    exchanges.push(control);
    if (control.transportError) {
      out.broken(`the control request of ${op.id} from this machine's own address failed: ${control.transportError.code}`);
      continue;
    }
    const status = control.response?.status;
    // The one request that must be served from the own address: else a refusal off the list tells nothing.
    if (!op.sessionRequired && (status === undefined || status < 200 || status > 299))
      throw new FixtureError(`the control request from this machine's own address was not served (status ${status}): the probe could not tell a refusal from it`, { exchange: control });
    const [plainWay, otherWay] = [alternatingStrategy(ctx, i), alternatingStrategy(ctx, i, 1)];
    await probe(control.request, op.id, false, plainWay);
    log.sent('off-list-source', `${op.id} operation ${op.id}`);
    if (!allowed) {
      await probe(control.request, op.id, false, otherWay);
      continue;
    }
    await probe(control.request, op.id, true, otherWay);
    log.sent('forwarded-allowed-address', `${op.id} operation ${op.id}`);
  }
  return { ...out.outcome(), exchanges, operatorPairs: log.pairs };
}
