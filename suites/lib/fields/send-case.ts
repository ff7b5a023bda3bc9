import { namesField, reportedKeys } from '../../../checks/index.js';
import type { Responded } from '../../../checks/support.js';
import type { Exchange } from '../../../client/index.js';
import { transitions, type Operation } from '../../../contract/index.js';
import type { GeneratedCase } from '../../../generators/index.js';
import type { OperatorCase } from '../../../generators/operators/cases.js';
import { repacked, type PackedCase } from '../../../generators/operators/packing.js';
import { judgeFieldCase, type JudgeOptions } from '../../../oracles/field-case.js';
import { combine } from '../../../oracles/judge.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { needsSsoToken, oneTokenAtATime, withState, type CaseKind } from '../state/case-state.js';

/** How the field-rule suite (field-rules.ts) sends a case and judges its answer. */

const deletesCards = transitions.find((t) => t.requirement === 'STATE-CARD-DELETED')!.trigger;

/** Cards a valid add-or-update created are deleted when the suite ends; a deleted one is counted removed. */
function rememberCards(ctx: HarnessContext, x: Exchange, op: Operation, input: { body?: Record<string, unknown> }): void {
  const ok = x.response && x.response.status >= 200 && x.response.status < 300;
  if (ok && op.id === deletesCards && typeof input.body?.cardId === 'string') ctx.footprint.cardRemoved(input.body.cardId);
  ctx.footprint.rememberCardsOf(x);
}

export const judgeOptions = (ctx: HarnessContext): JudgeOptions => ({ strictKeyCase: ctx.profile.strictKeyCase, runSecrets: [ctx.profile.target?.clientSecret ?? ''] });

/**
 * Sends one generated case (stand-ins replaced by target state) and judges the reply. An operator
 * case written another way on the wire (generators/operators/wire.ts) goes as its body text and
 * media type; its operator x cell pairs go into the outcome for the coverage table.
 */
export function sendCase(ctx: HarnessContext, op: Operation, c: GeneratedCase | OperatorCase, kind: CaseKind): Promise<CaseOutcome> {
  const send = () => ('repack' in c ? sendPacked(ctx, op, c as PackedCase, kind) : sendOne(ctx, op, c, kind));
  return needsSsoToken(c.input) ? oneTokenAtATime(ctx, send) : send();
}

/**
 * Open values packed into one request (generators/operators/packing.ts): after a 400 naming some
 * of them, the rest goes again with the named ones put back to valid values, until the target
 * takes it, names none of it, or answers otherwise. Each exchange is judged as its own open case;
 * a finding (a 5xx) ends it, its request the reproduction. The pairs are counted once.
 */
async function sendPacked(ctx: HarnessContext, op: Operation, c: PackedCase, kind: CaseKind): Promise<CaseOutcome> {
  const parts: CaseOutcome[] = [];
  for (let next: PackedCase | undefined = c; next !== undefined; ) {
    const { operatorPairs: _, ...outcome } = await sendOne(ctx, op, next, kind);
    parts.push(outcome);
    const x = outcome.exchanges.at(-1);
    if (outcome.broken || outcome.findings.length > 0 || x?.response?.status !== 400 || next.expectation.kind !== 'open') break;
    const keys = reportedKeys(x as Responded);
    next = repacked(next, next.expectation.sent.filter((s) => keys.some((k) => namesField(k, s.key, false))).map((s) => s.key));
  }
  return { ...combine(parts), operatorPairs: c.pairs };
}

async function sendOne(ctx: HarnessContext, op: Operation, c: GeneratedCase | OperatorCase, kind: CaseKind): Promise<CaseOutcome> {
  const session = await ctx.session();
  const input = await withState(ctx, session, c.input, kind);
  const wire = 'wire' in c ? c.wire : undefined;
  const exchange = await ctx.client.call(op.id, input, {
    session,
    ...(wire?.text && input.body ? { rawBody: wire.text(input.body) } : {}),
    ...(wire?.contentType ? { headers: { 'content-type': wire.contentType } } : {}),
    ...(wire?.repeatQuery ? { repeatQuery: wire.repeatQuery } : {}),
  });
  if (kind === 'valid') rememberCards(ctx, exchange, op, input);
  const outcome = judgeFieldCase(exchange, c.expectation, judgeOptions(ctx));
  return 'pairs' in c ? { ...outcome, operatorPairs: c.pairs } : outcome;
}

