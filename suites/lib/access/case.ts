import fc from 'fast-check';
import type { Exchange } from '../../../client/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { propertyTest } from '../runner/property-test.js';
import { combine, judge, type Oracle } from '../../../oracles/judge.js';

/**
 * The access suites send fixed cases, not generated ones: a token request per scope, a bad
 * token per operation, a probe per endpoint. Each is one property of one run, so it gets
 * selection, the production-profile skip, Allure labels and the failure report of every
 * other property. A FixtureError thrown by `run` reports the case not covered.
 */
export interface FixedCase {
  readonly area: string;
  readonly name: string;
  readonly operation?: string;
  readonly requirements: readonly RequirementId[];
  /** One line naming what is sent, for the counterexample. */
  readonly description: string;
  readonly writes?: boolean;
  readonly run: () => Promise<CaseOutcome>;
}

export function fixedCase(ctx: HarnessContext, suiteFile: string, c: FixedCase): void {
  propertyTest(ctx, suiteFile, {
    area: c.area, name: c.name, requirements: c.requirements, ...(c.operation ? { operation: c.operation } : {}), ...(c.writes ? { writes: true } : {}),
    arbitrary: fc.constant(c.description), numRuns: 1,
    describe: (d) => d,
    run: () => c.run(),
  });
}

/**
 * The outcome of a fixed case built step by step: each exchange is judged by the one judge, and
 * what reads no exchange (a TLS or source-address probe, a behaviour noted on an open point) goes
 * in beside it. Access answers (a 401 to a bad token) are not the documented responses the
 * certification coverage counts, so they add no `responsesSeen`.
 */
export class OutcomeBuilder {
  readonly #parts: CaseOutcome[] = [];

  /** Judges `x` with the oracles that apply; a broken exchange runs none and marks the case broken. */
  judge(x: Exchange, oracles: readonly Oracle[]): readonly Finding[] {
    const { responsesSeen: _uncounted, ...judged } = judge(x, { oracles });
    this.#parts.push(judged.broken ? { ...judged, broken: `${x.request.operation}: ${judged.broken}` } : judged);
    return judged.findings;
  }

  /** Findings of an oracle that reads a probe outcome rather than an exchange. */
  probe(requirement: RequirementId, findings: readonly Finding[]): void {
    this.#parts.push({ exchanges: [], findings, checked: [requirement] });
  }

  /** An outcome judged elsewhere (a follow-up call's), taken in as it is. */
  add(part: CaseOutcome | undefined): void {
    if (part) this.#parts.push(part);
  }

  broken(reason: string): void {
    this.#parts.push({ exchanges: [], findings: [], checked: [], broken: reason });
  }

  observe(requirement: RequirementId, behaviour: string): void {
    this.#parts.push({ exchanges: [], findings: [], checked: [], observed: { [requirement]: behaviour } });
  }

  outcome(): CaseOutcome {
    return combine(this.#parts);
  }
}
