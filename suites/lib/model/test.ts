import { test } from 'vitest';
import { severityOf } from '../../../checks/support.js';
import { wireBody, type Exchange } from '../../../client/exchange.js';
import { attachFailure, labelTest } from '../../../reporting/allure.js';
import type { HarnessContext } from '../runner/context.js';
import { runModel, type ModelSpec } from './run.js';
import { ContractViolation, PropertyBroken, propertyEnv, recordUnchecked } from '../runner/property-test.js';
import { selectsProperty, skipsProperty } from '../runner/selection.js';

const maxBody = 300;

/** The redacted request body of an exchange, short, for the numbered steps ('' for none). */
function requestBody(ctx: HarnessContext): (x: Exchange) => string {
  return (x) => {
    const sent = wireBody(x.request);
    if (sent === undefined) return '';
    const text = ctx.client.redactor.redactBody(sent);
    return text.length > maxBody ? `${text.slice(0, maxBody)}… (${text.length} chars)` : text;
  };
}

/**
 * Declares one vitest test running a model-based property (run.ts) against the target:
 * selection by CONFORMANCE_ONLY and CONFORMANCE_SKIP by the rule property tests follow,
 * skipped by the production profile (sequences write), Allure labels, and on failure the
 * shrunk sequence as numbered steps with seed, path and replay.
 */
export function modelTest<M extends object, R, S>(ctx: HarnessContext, suiteFile: string, spec: ModelSpec<M, R, S>): void {
  const item = { area: spec.area, requirements: spec.requirements };
  const selected = selectsProperty(ctx.profile.only, item) && !skipsProperty(ctx.profile.skip, item);
  test.skipIf(!selected)(spec.name, async (context) => {
    await labelTest({ requirement: spec.requirements[0] ?? spec.area, severity: severityOf(spec.requirements), suite: spec.area });
    if (ctx.profile.kind === 'production' && !ctx.profile.allowWrites) {
      recordUnchecked(ctx, spec, 'skipped-by-profile', 'TARGET_PROFILE=production sends no request that creates, changes or deletes data (TARGET_ALLOW_WRITES=true allows it)');
      context.skip('skipped by the production profile');
      return;
    }
    const result = await runModel(propertyEnv(ctx, suiteFile), spec, requestBody(ctx));
    if (result.failed) {
      await attachFailure(result.reproduction);
      throw new ContractViolation(result.report);
    }
    if (result.broken) throw new PropertyBroken(result.report);
    if (result.notCovered) context.skip(result.notCovered);
  });
}
