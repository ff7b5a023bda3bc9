import type { CallInput, CallOptions, Exchange, Session } from '../../../client/index.js';
import type { Responded } from '../../../checks/support.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { CaseOutcome } from '../runner/property.js';
import type { HarnessContext } from '../runner/context.js';
import { LeakGuard } from '../runner/leak-guard.js';
import { StepBroken, type Journal } from './journal.js';
import { combine, judge, type Expected } from '../../../oracles/judge.js';
import { leakOracle } from '../judge/oracles.js';
import { freshValues } from '../state/fresh.js';
import type { FreshValues } from '../../../generators/index.js';

export { body } from '../../../oracles/model/body.js';

/**
 * The system under test as the commands see it: the target over the network through the
 * harness client, in the sequence's own partner session (the latest it opened), every exchange journaled and
 * searched for leaks (NO-SECRET-ECHO, recorded without stopping the sequence) before the
 * command compares it with the model. Both go through the one judge (judge/judge.ts), as the
 * other suites' cases do: the oracles say which requirements an exchange answers for.
 */
export class SequenceRun {
  readonly leaks: LeakGuard;

  /** `session`: the sequence's partner session now; a later one replaces it (model/session.ts). */
  constructor(readonly ctx: HarnessContext, public session: Session, readonly journal: Journal) {
    this.leaks = LeakGuard.of(ctx);
  }

  /** Where every value a command calls new comes from (a card, a token, an identity, a GUID): new by construction. */
  get fresh(): FreshValues {
    return freshValues(this.ctx);
  }

  /** Starts a step of the story: the command with its request resolved against the model. */
  step(label: string): void {
    this.journal.step(label);
  }

  /** Sends one request in the sequence's session; transport trouble stops the sequence as broken. */
  async call(operationId: string, input: CallInput, options: CallOptions = {}): Promise<Responded> {
    this.leaks.learn(input.body);
    return this.adopt(await this.ctx.client.call(operationId, input, { session: this.session, ...options }));
  }

  /** Journals an exchange (also one made outside call(), such as AuthenticatePartner) and judges it for leaks. */
  adopt(x: Exchange): Responded {
    this.journal.exchange(x);
    const judged = judge(x, { oracles: [leakOracle(this.leaks)] });
    if (judged.broken) throw new StepBroken(`${x.request.operation}: ${judged.broken}`, x);
    this.journal.leak(judged.findings);
    this.journal.check(judged.checked);
    return x as Responded;
  }

  /**
   * Compares a reply with the model: each expectation is judged in turn, and the first with
   * findings stops the sequence, since a later one presupposes it (a cardId is looked for
   * only in an accepted reply whose cards have their shape). After a refusal for the
   * target's own reasons (D37) nothing further is judged: the judge records it as observed.
   */
  judge(x: Exchange, ...expected: readonly Expected[]): CaseOutcome {
    const outcomes: CaseOutcome[] = [];
    for (const e of expected) {
      const outcome = judge(x, e);
      if (outcome.broken) throw new StepBroken(`${x.request.operation}: ${outcome.broken}`, x);
      outcomes.push(outcome);
      this.journal.judged(outcome);
      if (outcome.observed) break;
    }
    return combine(outcomes);
  }

  observe(requirement: RequirementId, behaviour: string): void {
    this.journal.observe(requirement, behaviour);
  }
}

export const ok = (x: Exchange): boolean => !!x.response && x.response.status >= 200 && x.response.status < 300;
