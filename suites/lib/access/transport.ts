import { randomUUID } from 'node:crypto';
import { operation } from '../../../contract/index.js';
import { offListSourceRefused } from '../../../checks/index.js';
import { sendFromSource } from '../../../client/source-probe.js';
import type { HarnessContext } from '../runner/context.js';
import { OutcomeBuilder } from './case.js';
import { bearerProbeInput } from './requests.js';
import type { CaseOutcome } from '../runner/property.js';
import { FixtureError } from '../state/fixture-errors.js';

/** Connection outcomes that are a refusal (D25): nothing listened for that source, or it was cut off. */
const refusedConnection = new Set(['TARGET_UNREACHABLE', 'CONNECTION_RESET']);

/**
 * ALLOW-LIST (D25): the request that was just served from the run's own address is sent again
 * from TARGET_PROBE_SOURCE_ADDRESS, which the user says is off the target's allow list. It
 * must be refused: 403, or a refused or reset connection. AuthenticatePartner writes nothing.
 */
export async function allowListCase(ctx: HarnessContext): Promise<CaseOutcome> {
  const source = ctx.profile.probeSourceAddress;
  if (!source) throw new FixtureError('no source address off the allow list: set TARGET_PROBE_SOURCE_ADDRESS to a local address the target does not allow', { enabledBy: 'TARGET_PROBE_SOURCE_ADDRESS' });
  const probe = operation('AuthenticatePartner');
  const control = await ctx.client.call(probe.id, bearerProbeInput(ctx, probe));
  const out = new OutcomeBuilder();
  const status = control.response?.status;
  if (control.transportError) {
    out.broken(`the control request from this machine's own address failed: ${control.transportError.code}`);
    return out.outcome();
  }
  if (status === undefined || status < 200 || status > 299) throw new FixtureError(`the control request from this machine's own address was not served (status ${status}): the probe could not tell a refusal from it`);

  const { exchange, localFailure } = await sendFromSource({ ...control.request, correlationId: randomUUID() }, {
    localAddress: source, timeoutMs: ctx.profile.timeoutMs, ...(ctx.profile.caFile ? { caFile: ctx.profile.caFile } : {}),
  });
  if (localFailure) throw new FixtureError(`this machine cannot send from ${source} (TARGET_PROBE_SOURCE_ADDRESS): ${localFailure}`, { enabledBy: 'TARGET_PROBE_SOURCE_ADDRESS' });
  const code = exchange.transportError?.code;
  if (code && !refusedConnection.has(code)) {
    out.broken(`the probe from ${source} met ${code}: ${exchange.transportError!.message}`);
    return out.outcome();
  }
  out.probe('ALLOW-LIST', offListSourceRefused({
    sourceAddress: source, operation: probe.id, ...(exchange.response && !code ? { status: exchange.response.status } : {}),
  }));
  return { ...out.outcome(), exchanges: [control, exchange] };
}
