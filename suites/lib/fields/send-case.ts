import { namesField, reportedKeys } from '../../../checks/index.js';
import type { Responded } from '../../../checks/support.js';
import type { Exchange } from '../../../client/index.js';
import type { Operation } from '../../../contract/index.js';
import type { BoundsCase, GeneratedCase } from '../../../generators/index.js';
import type { OperatorCase } from '../../../generators/operators/cases.js';
import type { PackedCase } from '../../../generators/operators/packing.js';
import type { RiddenBounds } from '../../../generators/operators/riders.js';
import { following, openKeys, repacked } from '../../../generators/operators/repack.js';
import type { BoundsWithOpen } from '../../../generators/operators/open-riders.js';
import type { Expectation } from '../../../generators/expectation.js';
import { openNotes } from '../../../oracles/open-case.js';
import { judgeFieldCase, type JudgeOptions } from '../../../oracles/field-case.js';
import { combine } from '../../../oracles/judge.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { needsSsoToken, oneTokenAtATime, withState, type CaseKind } from '../state/case-state.js';
import { regrouped, rowsAsSent, ungrouped } from './grouped-state.js';
import { withExistingCustomer } from './existing-customer.js';
import { deniedHeldState } from './held-state.js';

/** How the field-rule suite (field-rules.ts) sends a case and judges its answer. */

export const judgeOptions = (ctx: HarnessContext): JudgeOptions => ({ strictKeyCase: ctx.profile.strictKeyCase, runSecrets: [ctx.profile.target?.clientSecret ?? ''] });

/**
 * Sends one generated case (stand-ins replaced by target state) and judges the reply. An operator
 * case written another way on the wire (generators/operators/wire.ts) goes as its body text and
 * media type; its operator x cell pairs go into the outcome for the coverage table.
 */
export function sendCase(ctx: HarnessContext, op: Operation, c: GeneratedCase | OperatorCase, kind: CaseKind): Promise<CaseOutcome> {
  const send = () => ('repack' in c ? sendPacked(ctx, op, c as PackedCase, kind)
    : 'open' in c ? sendBoundsWithOpen(ctx, op, c as BoundsWithOpen, kind)
      : 'parts' in c ? sendBounds(ctx, op, c as BoundsCase, kind) : sendOne(ctx, op, c, kind));
  return needsSsoToken(c.input) ? oneTokenAtATime(ctx, send) : send();
}

/**
 * A payload of bounds (generators/boundaries.ts boundaryCoverage), perhaps with a media type riding on
 * it (generators/operators/riders.ts). A refusal names every invalid key (D14), so a bound refused in
 * company is named, and the rider then goes again alone, for a verdict of its own; where the failing
 * answer names no key (a 415, a 5xx, a 400 without keys), the rider and then each bound go again alone
 * on the same payload, until one fails, so the failure is pinned to its member or its media type.
 * Only a failing target is sent more.
 */
async function sendBounds(ctx: HarnessContext, op: Operation, c: BoundsCase, kind: CaseKind): Promise<CaseOutcome> {
  const all = await sendOne(ctx, op, c, kind);
  const x = all.exchanges.at(-1);
  if (all.broken || all.findings.length === 0 || !x?.response) return all;
  const named = reportedKeys(x as Responded).length > 0;
  const rider = 'rider' in c ? (c as RiddenBounds).rider : undefined;
  const again = named ? (rider ? [rider] : []) : (c.parts ?? []);
  const alone: CaseOutcome[] = [];
  for (const part of again) {
    alone.push(await sendOne(ctx, op, part, kind));
    if (alone.at(-1)!.broken || alone.at(-1)!.findings.length > 0) break;
  }
  // What fails alone first is the reproduction; the rider's pairs count once.
  const outcome = combine([...alone.filter((o) => o.findings.length > 0), all, ...alone.filter((o) => o.findings.length === 0)]);
  return rider ? { ...outcome, operatorPairs: rider.pairs } : outcome;
}

/**
 * A payload of bounds carrying open values (generators/operators/open-riders.ts). Accepted: the bounds
 * are judged as ever and every value is observed accepted. A 400 naming only open values: those are
 * observed refused and the payload goes again without them (repack.ts). Any other answer (a 400 naming
 * a bound or nothing, a 415, a refusal of the target's own, a 5xx) is judged by the generic contract
 * alone; then the bounds payload goes again bare, judged as before, and, unless the answer was a 5xx
 * (a failure with that request as its reproduction), the values on their own as an open request.
 */
async function sendBoundsWithOpen(ctx: HarnessContext, op: Operation, c: BoundsWithOpen, kind: CaseKind): Promise<CaseOutcome> {
  const parts: CaseOutcome[] = [];
  let cur: PackedCase | undefined = c.open.riding;
  while (cur) {
    const x = await exchangeOf(ctx, op, cur, kind);
    const e = cur.expectation as Expectation & { kind: 'open' };
    const status = x.response?.status;
    if (status !== undefined && status >= 200 && status < 300) {
      // The bounds judged as a valid payload; the open values noted as the answer the target chose.
      const judged = judgeFieldCase(x, rowsAsSent(op, c.open.bare.expectation, c.open.bare.input.body, x.request.body), judgeOptions(ctx));
      parts.push({ ...judged, observed: { ...judged.observed, ...openNotes(e, x) } });
      return { ...combine(parts), operatorPairs: c.pairs };
    }
    const keys = status === 400 ? reportedKeys(x as Responded) : [];
    const named = openKeys(cur).filter((k) => keys.some((r) => namesField(r, k, false)));
    if (keys.length > 0 && named.length > 0 && keys.every((r) => named.some((k) => namesField(r, k, false)))) {
      parts.push(judgeFieldCase(x, { ...e, sent: e.sent.filter((s) => named.includes(s.key)) }, judgeOptions(ctx)));
      cur = repacked(cur, named);
      if (parts.at(-1)!.broken || parts.at(-1)!.findings.length > 0) return { ...combine(parts), operatorPairs: c.pairs };
      continue;
    }
    // An answer that says nothing of the values by themselves: the generic contract only, then each again apart.
    const generic = judgeFieldCase(x, { kind: 'refused', operation: op.id, requirement: status !== undefined && status >= 500 ? 'GEN-NO-5XX' : 'GEN-JSON-BODY' }, judgeOptions(ctx));
    parts.push(generic);
    if (generic.broken) return { ...combine(parts), operatorPairs: c.pairs };
    const bare = await sendBounds(ctx, op, c.open.bare, kind);
    const values = generic.findings.length > 0 || bare.broken ? [] : [await sendPacked(ctx, op, c.open.alone, kind)];
    return { ...combine([...parts, bare, ...values]), operatorPairs: c.pairs };
  }
  // Every value named: the bounds payload as it was.
  const bare = await sendBounds(ctx, op, c.open.bare, kind);
  return { ...combine([...parts, bare]), operatorPairs: c.pairs };
}

/**
 * Open values packed into one request (generators/operators/packing.ts, generators/operators/repack.ts).
 * After a 400 naming some of them, the parts it named nothing of go again, the named parts put back
 * to valid values; after a 400 naming none, each part goes again alone, as it went before parts
 * shared a request (a refusal that names nothing hides nothing then); until the target takes a
 * request or a part is answered as it would have been alone. An exchange notes only the values not sent again, so each value gets one note, the last
 * word on it; a finding (a 5xx) ends the case, its request the reproduction. Pairs count once.
 */
async function sendPacked(ctx: HarnessContext, op: Operation, c: PackedCase, kind: CaseKind): Promise<CaseOutcome> {
  const parts: CaseOutcome[] = [];
  const queue: PackedCase[] = [c];
  for (let cur = queue.shift(); cur !== undefined; cur = queue.shift()) {
    const x = await exchangeOf(ctx, op, cur, kind);
    const keys = x.response?.status === 400 ? reportedKeys(x as Responded) : undefined;
    const next = keys ? following(cur, openKeys(cur).filter((k) => keys.some((r) => namesField(r, k, false)))) : [];
    const again = new Set(next.flatMap(openKeys));
    const e = cur.expectation;
    const noted = e.kind === 'open' ? { ...e, sent: e.sent.filter((s) => !again.has(s.key)) } : e;
    const outcome = judgeFieldCase(x, deniedHeldState(ctx, x, noted), judgeOptions(ctx));
    parts.push(outcome);
    if (outcome.broken || outcome.findings.length > 0) break;
    queue.push(...next);
  }
  return { ...combine(parts), operatorPairs: c.pairs };
}

/** What a case sends and its state makes of it, the reply to it, and the cards it made remembered. */
async function exchangeOf(ctx: HarnessContext, op: Operation, c: GeneratedCase | OperatorCase, kind: CaseKind): Promise<Exchange> {
  const session = await ctx.session();
  // A stand-in written in groups (a card number with dashes) is resolved whole and written in its groups again.
  const input = regrouped(c.input, await withExistingCustomer(ctx, await withState(ctx, session, ungrouped(c.input), kind)));
  const wire = 'wire' in c ? c.wire : undefined;
  const exchange = await ctx.client.call(op.id, input, {
    session,
    ...(wire?.text && input.body ? { rawBody: wire.text(input.body) } : {}),
    ...(wire?.contentType ? { headers: { 'content-type': wire.contentType } } : {}),
    ...(wire?.repeatQuery ? { repeatQuery: wire.repeatQuery } : {}),
  });
  if (kind === 'valid') ctx.footprint.rememberWrite(exchange);
  return exchange;
}

async function sendOne(ctx: HarnessContext, op: Operation, c: GeneratedCase | OperatorCase, kind: CaseKind): Promise<CaseOutcome> {
  const x = await exchangeOf(ctx, op, c, kind);
  const outcome = judgeFieldCase(x, deniedHeldState(ctx, x, rowsAsSent(op, c.expectation, c.input.body, x.request.body)), judgeOptions(ctx));
  return 'pairs' in c ? { ...outcome, operatorPairs: c.pairs } : outcome;
}
