import { operation } from '../../../contract/index.js';
import type { HarnessContext } from '../runner/context.js';
import { genericOracles } from '../judge/oracles.js';
import { fixedCase, OutcomeBuilder } from './case.js';
import { cardListRead, customerLookup, effectWrites, writeEffectRows } from './write-effect-cells.js';
import type { WriteEffects } from './version-write-effect.js';

/**
 * After every operation was sent with apiVersion both ways (version-every-operation.ts), the writes
 * among them that were served are read back through the API, the run's own way: one card list per
 * customer their cards belong to (the run's customer: one request for every card write and removal),
 * one lookup per customer enrolled. A served write without its effect fails its own row (States: the
 * card "removed", "reauthorized" with the data sent; the enrolled customer found).
 */
export function versionWritesReadBack(ctx: HarnessContext, file: string, area: string, effects: WriteEffects): void {
  const list = cardListRead();
  fixedCase(ctx, file, {
    area, operation: list.id, name: 'writes served with apiVersion in the header or the query string took effect',
    requirements: [...writeEffectRows(), 'GEN-NO-5XX', 'GEN-JSON-BODY'],
    description: `${list.id} (and a lookup per customer enrolled) after ${effectWrites().map((op) => op.id).join(', ')} were served with apiVersion both ways`,
    writes: true,
    run: async () => {
      const out = new OutcomeBuilder();
      const session = await ctx.session();
      for (const customerId of effects.listedCustomers()) {
        const x = await ctx.client.call(list.id, { body: { customerId } }, { session });
        out.judge(x, [effects.listOracle(customerId), ...genericOracles(ctx, x)]);
      }
      for (const e of effects.enrolled) {
        const lookup = customerLookup(operation(e.op))!;
        const body = Object.fromEntries(lookup.fields.map((f) => [f.name, e.sent[f.name]]));
        const x = await ctx.client.call(lookup.id, { body }, { session });
        out.judge(x, [effects.lookupOracle(e, lookup), ...genericOracles(ctx, x)]);
      }
      return out.outcome();
    },
  });
}
