import { test } from 'vitest';
import { describeAttempts, formatExchange, formatExchangeDetail } from '../../../client/index.js';
import { severityOf } from '../../../checks/support.js';
import { attachFailure, labelTest } from '../../../reporting/allure.js';
import { progressCounter } from '../../../reporting/live-progress.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HarnessContext } from './context.js';
import { runProperty, type PropertyEnv, type PropertySpec } from './property.js';
import { selectsProperty, skipsProperty } from './selection.js';
import { explorationOf } from './budget.js';
import { troubleOf } from './rerun.js';

/** A contract violation: Allure and vitest show it as a failed assertion, not as broken. */
export class ContractViolation extends Error {
  constructor(report: string) {
    super(report);
    this.name = 'AssertionError';
  }
}

/** Transport or harness trouble: the property proves nothing (reported broken). */
export class PropertyBroken extends Error {
  readonly code = 'PROPERTY_BROKEN';
  constructor(report: string) {
    super(report);
    this.name = 'PropertyBroken';
  }
}

export interface PropertyTest<T> extends PropertySpec<T> {
  /** Every requirement the property can check: selection, skips and not-covered rows use them. */
  readonly requirements: readonly RequirementId[];
  /** The property creates, changes or deletes data: skipped by the production profile unless writes are allowed. */
  readonly writes?: boolean;
}

export function propertyEnv(ctx: HarnessContext, suiteFile: string): PropertyEnv {
  const redactor = ctx.client.redactor;
  return {
    runSeed: ctx.runSeed,
    replayPath: ctx.profile.path,
    suiteFile,
    record: (r) => ctx.record(r),
    redact: (t) => redactor.redact(t),
    learnCase: (v) => redactor.learnJson(v),
    curl: (x) => ctx.client.curl(x.request),
    formatExchange: (x) => formatExchange(x, redactor),
    attempts: (x) => describeAttempts(x, redactor),
    formatDetail: (x) => formatExchangeDetail(x, redactor),
    exploration: explorationOf(ctx),
    reruns: ctx.profile.reruns,
    health: ctx.health,
    trouble: troubleOf(ctx.client),
    caseConcurrency: ctx.profile.concurrency,
  };
}

/** Records the property's requirements as not covered or skipped, with the reason. */
export function recordUnchecked(ctx: HarnessContext, spec: Pick<PropertyTest<unknown>, 'area' | 'name' | 'operation' | 'requirements'>, status: 'not-covered' | 'skipped-by-profile', reason: string): void {
  for (const requirement of spec.requirements)
    ctx.record({ requirement, status, reason, suite: spec.area, property: spec.name, ...(spec.operation ? { operation: spec.operation } : {}) });
}

/**
 * Declares one vitest test that runs a property against the target, labels it for Allure,
 * attaches the redacted evidence of a failure, and fails with the shrunk counterexample,
 * its seed and path, and a curl command.
 */
export function propertyTest<T>(ctx: HarnessContext, suiteFile: string, spec: PropertyTest<T>): void {
  const item = { area: spec.area, requirements: spec.requirements, ...(spec.operation ? { operation: spec.operation } : {}) };
  const selected = selectsProperty(ctx.profile.only, item) && !skipsProperty(ctx.profile.skip, item);
  test.skipIf(!selected)(spec.name, async (context) => {
    await labelTest({
      requirement: spec.requirements.length ? spec.requirements : [spec.area], severity: severityOf(spec.requirements), suite: spec.area,
      ...(spec.operation ? { operation: spec.operation } : {}),
    });
    if (spec.writes && ctx.profile.kind === 'production' && !ctx.profile.allowWrites) {
      recordUnchecked(ctx, spec, 'skipped-by-profile', 'TARGET_PROFILE=production sends no request that creates, changes or deletes data (TARGET_ALLOW_WRITES=true allows it)');
      context.skip('skipped by the production profile');
      return;
    }
    // Cases done reach the live reporter's progress line on a terminal (reporting/live-progress.ts).
    const tick = progressCounter(suiteFile, spec.name, spec.numRuns);
    const counted: PropertySpec<T> = { ...spec, run: async (value) => { const outcome = await spec.run(value); tick(outcome.findings.length > 0); return outcome; } };
    const result = await runProperty(propertyEnv(ctx, suiteFile), counted);
    if (result.notCovered) return context.skip(result.notCovered);
    if (result.failed) {
      await attachFailure(result.reproduction, result.detail);
      throw new ContractViolation(result.report);
    }
    if (result.broken) throw new PropertyBroken(result.report);
  });
}
