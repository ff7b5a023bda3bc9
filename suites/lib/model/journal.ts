import type { Exchange } from '../../../client/exchange.js';
import type { Finding } from '../../../checks/finding.js';
import { businessErrorCode } from '../../../checks/error-row.js';
import { hasResponse } from '../../../checks/support.js';
import { responseKey } from '../../../reporting/coverage.js';
import type { Stop } from '../runner/stop.js';
import type { CaseOutcome } from '../runner/property.js';
import type { RequirementId } from '../../../contract/requirements.js';

/** A reply the model did not predict: stops the sequence; the journal holds the findings. */
export class ModelMismatch extends Error {
  constructor(readonly findings: readonly Finding[]) {
    super(findings.map((f) => `[${f.requirement}] ${f.title}`).join('; '));
    this.name = 'ModelMismatch';
  }
}

/** Transport trouble: the sequence proves nothing (broken, never failed). */
export class StepBroken extends Error {
  readonly code = 'STEP_BROKEN';
  /** `exchange`: the one that broke, so the re-run (runner/rerun.ts) knows whether a write's reply was lost. */
  constructor(readonly reason: string, readonly exchange?: Exchange) {
    super(reason);
    this.name = 'StepBroken';
  }
}

export interface Step {
  readonly label: string;
  readonly exchanges: Exchange[];
}

/**
 * What one sequence did: its steps (command label and exchanges), the requirements it
 * checked, what it observed on ambiguous points, its findings against the model, and the
 * leaks found in its replies (kept apart: a leak does not stop the sequence, so it cannot
 * hide a state defect further on).
 */
export class Journal {
  readonly steps: Step[] = [];
  /** Clean-up steps: shown only when a reply there leaked. */
  readonly cleanupSteps: Step[] = [];
  #cleaning = false;
  /** The steps up to the first reply that leaked. */
  #leakStory: readonly Step[] = [];
  readonly checked = new Set<RequirementId>();
  readonly observed: Partial<Record<RequirementId, string>> = {};
  readonly findings: Finding[] = [];
  /** Requirements that fail with the findings without a finding of their own (an oracle's `failsWith`). */
  readonly failsWith = new Set<RequirementId>();
  readonly leaks: Finding[] = [];
  /** Documented responses seen, for certification coverage (reporting/coverage.ts). */
  readonly responses = new Set<string>();
  /** Why the sequence stopped short of proving anything (transport, harness, fixture): the property stops too. */
  stop: Stop | undefined;
  /** The error behind `stop` (it carries the exchange that broke, runner/rerun.ts). */
  brokenBy: unknown;

  /** `proven`: the requirements this property may report passed (each has a fault that fails it). */
  constructor(private readonly proven: ReadonlySet<RequirementId>) {}

  step(label: string): void {
    (this.#cleaning ? this.cleanupSteps : this.steps).push({ label, exchanges: [] });
  }

  exchange(x: Exchange): void {
    const list = this.#cleaning ? this.cleanupSteps : this.steps;
    if (list.length === 0) this.step(this.#cleaning ? 'clean-up' : 'setup');
    list[list.length - 1]!.exchanges.push(x);
    if (hasResponse(x)) this.responses.add(responseKey(x.request.operation, x.response.status, businessErrorCode(x)));
  }

  /** From here on, steps are clean-up (deleting what the sequence added). */
  beginCleanup(): void {
    this.#cleaning = true;
  }

  /** The steps that tell the story of a failure against the model. */
  story(): readonly Step[] {
    return this.steps;
  }

  /** The steps up to and including the first reply that leaked. */
  leakStory(): readonly Step[] {
    return this.#leakStory;
  }

  /** What the judge made of one exchange: its checks and observations; findings stop the sequence. */
  judged(outcome: CaseOutcome): void {
    Object.assign(this.observed, outcome.observed);
    if (outcome.findings.length) outcome.failsWith?.forEach((r) => this.failsWith.add(r));
    this.expect(outcome.findings, ...outcome.checked);
  }

  /** Marks `requirements` checked, only those the property may report passed. */
  check(requirements: Iterable<RequirementId>): void {
    for (const r of requirements) if (this.proven.has(r)) this.checked.add(r);
  }

  /** Marks `requirements` checked; with findings, records them and stops the sequence. */
  expect(findings: readonly Finding[], ...requirements: RequirementId[]): void {
    this.check(requirements);
    if (findings.length === 0) return;
    this.findings.push(...findings);
    throw new ModelMismatch(findings);
  }

  /** Leaks found in a reply (NO-SECRET-ECHO): recorded; the sequence goes on. */
  leak(findings: readonly Finding[]): void {
    if (findings.length === 0) return;
    if (this.leaks.length === 0) this.#leakStory = this.#cleaning ? [...this.steps, ...this.cleanupSteps] : [...this.steps];
    this.leaks.push(...findings);
  }

  observe(requirement: RequirementId, behaviour: string): void {
    this.observed[requirement] = behaviour;
  }
}
