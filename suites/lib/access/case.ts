import fc from 'fast-check';
import type { Exchange } from '../../../client/index.js';
import { transportBroken, type ExchangeCheck } from '../../../checks/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { HarnessContext } from '../runner/context.js';
import type { CaseOutcome } from '../runner/property.js';
import { propertyTest } from '../runner/property-test.js';

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
  readonly requirements: readonly string[];
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

/** A check bound to its expectation, and the requirement it answers for on this exchange. */
export interface Judgement {
  readonly requirement: string;
  applies(x: Exchange): boolean;
  findings(x: Exchange): Finding[];
}

export const judged = <E>(check: ExchangeCheck<E>, expectation: E, requirement: string): Judgement =>
  ({ requirement, applies: (x) => check.applies(x, expectation), findings: (x) => check(x, expectation) });

/** What checks found on several exchanges; the first failing exchange is put last, so its curl is the one reported. */
export class OutcomeBuilder {
  readonly #exchanges: Exchange[] = [];
  readonly #findings: Finding[] = [];
  readonly #checked = new Set<string>();
  readonly #observed: Record<string, string> = {};
  #broken: string | undefined;
  #failing: Exchange | undefined;

  /** Runs the judgements that apply; a broken exchange runs none and marks the case broken. */
  judge(x: Exchange, judgements: readonly Judgement[]): Finding[] {
    this.#exchanges.push(x);
    const broken = transportBroken(x);
    if (broken) {
      this.#broken ??= `${x.request.operation}: ${broken}`;
      return [];
    }
    const found: Finding[] = [];
    for (const j of judgements) {
      if (!j.applies(x)) continue;
      this.#checked.add(j.requirement);
      found.push(...j.findings(x));
    }
    if (found.length && !this.#failing) this.#failing = x;
    this.#findings.push(...found);
    return found;
  }

  /** Findings of an oracle that reads a probe outcome rather than an exchange. */
  probe(requirement: string, findings: readonly Finding[]): void {
    this.#checked.add(requirement);
    this.#findings.push(...findings);
  }

  broken(reason: string): void {
    this.#broken ??= reason;
  }

  observe(requirement: string, behaviour: string): void {
    this.#observed[requirement] = this.#observed[requirement] ? `${this.#observed[requirement]}; ${behaviour}` : behaviour;
  }

  outcome(): CaseOutcome {
    const failing = this.#failing;
    const exchanges = failing ? [...this.#exchanges.filter((x) => x !== failing), failing] : [...this.#exchanges];
    return {
      exchanges, findings: [...this.#findings], checked: [...this.#checked],
      ...(this.#broken ? { broken: this.#broken } : {}),
      ...(Object.keys(this.#observed).length ? { observed: { ...this.#observed } } : {}),
    };
  }
}
