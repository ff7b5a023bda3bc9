import type fc from 'fast-check';
import type { Exchange } from '../../../client/index.js';
import type { Finding } from '../../../checks/finding.js';
import type { Responded } from '../../../checks/support.js';
import type { HarnessContext } from '../runner/context.js';
import { historyCustomer, historyPage, type HistoryCustomer, type HistoryPage, type HistoryQuery } from './probe.js';
import { LeakGuard } from '../runner/leak-guard.js';
import { accepted } from '../../../oracles/model/expect.js';
import { propertyTest } from '../runner/property-test.js';
import type { CaseOutcome } from '../runner/property.js';
import type { Observed } from '../runner/classify.js';
import type { RequirementId } from '../../../contract/requirements.js';
import { judge, type Oracle } from '../../../oracles/judge.js';
import { leakOracle } from '../judge/oracles.js';
import { historyPageOracles } from '../../../oracles/history-page.js';

const area = 'history';
const OP = 'GetTransactionHistory';

/** Every request of a history case is about the customer's own history: it is answered. */
const historyAnswered: Oracle = {
  id: 'modelAccepted', requirements: ['HISTORY-SUCCESS'], applies: (x) => x.response !== undefined,
  run: (x) => accepted(x as Responded, { requirement: 'HISTORY-SUCCESS', documented: 'a history request of the customer is answered' }),
};

/** The requests of one history case: transport trouble stops it; every reply is searched for leaks and must be a success. */
export class HistoryCase {
  readonly exchanges: Exchange[] = [];
  readonly findings: Finding[] = [];
  readonly responsesSeen: string[] = [];
  readonly #leaks: LeakGuard;
  broken: string | undefined;

  constructor(private readonly ctx: HarnessContext, readonly customer: HistoryCustomer) {
    this.#leaks = LeakGuard.of(ctx);
    this.#leaks.remember(customer.secrets);
  }

  /** One page; undefined after transport trouble. */
  async page(query: HistoryQuery = {}): Promise<HistoryPage | undefined> {
    return this.answer(query, [historyAnswered, ...historyPageOracles(query)]);
  }

  /**
   * One request whose answer may also be a refusal (D30); undefined after transport trouble. Every
   * answer is judged for leaks, and by `oracles`; what the case checked is the probe's to say
   * (a history too short checks nothing), so the judge's requirements are not taken.
   */
  async answer(query: HistoryQuery = {}, oracles: readonly Oracle[] = []): Promise<HistoryPage | undefined> {
    const p = await historyPage(this.ctx, this.customer.customerId, query);
    const judged = judge(p.exchange, { oracles: [leakOracle(this.#leaks), ...oracles] });
    this.exchanges.push(p.exchange);
    this.broken = judged.broken;
    if (this.broken) return undefined;
    this.responsesSeen.push(...(judged.responsesSeen ?? []));
    this.findings.push(...judged.findings);
    return p;
  }

  outcome(checked: readonly RequirementId[], observed?: Observed): CaseOutcome {
    if (this.broken) return { exchanges: this.exchanges, findings: [], checked: [], broken: this.broken };
    return { exchanges: this.exchanges, findings: this.findings, checked: [...checked, 'NO-SECRET-ECHO'], responsesSeen: this.responsesSeen, ...(observed ? { observed } : {}) };
  }
}

export interface HistoryProperty<T> {
  readonly name: string;
  readonly requirement: RequirementId;
  /** Further requirements a case may check (the generic contract of D30); its probe says which it did. */
  readonly alsoChecks?: readonly RequirementId[];
  readonly arbitrary: fc.Arbitrary<T>;
  readonly describe: (value: T) => string;
  /**
   * Coverage cases run first whatever the seed and budget: the whole history, small pages. The
   * budget's few random cases may all ask for one short card's history and so check nothing.
   */
  readonly examples?: readonly T[];
  /** Random cases at most, where the coverage cases already spend more than the property's share of the budget. */
  readonly randomCases?: number;
  /** Runs the case; says whether the history let it check the requirement (undefined: transport trouble). */
  readonly probe: (c: HistoryCase, value: T) => Promise<{ covered: boolean; checked?: readonly RequirementId[]; observed?: Observed } | undefined>;
}

/**
 * The history properties of one suite file, and their coverage: a case whose history is too
 * short to break its invariant checks nothing; a requirement no case could check is recorded
 * not covered (D21: a target without history is never reported passed).
 */
export class HistoryCases {
  readonly #attempted = new Map<RequirementId, string>();
  readonly #covered = new Set<RequirementId>();

  constructor(private readonly ctx: HarnessContext, private readonly suiteFile: string) {}

  property<T>(spec: HistoryProperty<T>): void {
    propertyTest(this.ctx, this.suiteFile, {
      area, operation: OP, name: spec.name, requirements: [spec.requirement, ...(spec.alsoChecks ?? []), 'NO-SECRET-ECHO'],
      arbitrary: spec.arbitrary, numRuns: Math.min(this.ctx.profile.runs, spec.randomCases ?? Infinity), describe: spec.describe,
      ...(spec.examples ? { examples: () => spec.examples! } : {}),
      run: async (value) => {
        this.#attempted.set(spec.requirement, spec.name);
        const c = new HistoryCase(this.ctx, await historyCustomer(this.ctx));
        const result = await spec.probe(c, value);
        if (result?.covered && !c.broken) this.#covered.add(spec.requirement);
        return c.outcome(result?.covered ? [spec.requirement, ...(result.checked ?? [])] : [], result?.observed);
      },
    });
  }

  /** After the properties ran: not covered, with the reason, for what no case could check. */
  recordUncovered(): void {
    for (const [requirement, property] of this.#attempted)
      if (!this.#covered.has(requirement))
        this.ctx.record({ requirement, status: 'not-covered', suite: area, property, operation: OP, reason: 'the target\'s history of the customer was too short for any case to check this' });
  }
}
