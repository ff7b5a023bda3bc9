import type { CallInput, CallOptions, Exchange, Session } from '../../../client/index.js';
import type { Responded } from '../../../checks/support.js';
import type { Finding } from '../../../checks/finding.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HarnessContext } from '../runner/context.js';
import { LeakGuard } from '../runner/leak-guard.js';
import { StepBroken, type Journal } from './journal.js';
import { judge } from '../judge/judge.js';
import { leakOracle } from '../judge/oracles.js';

/**
 * The system under test as the commands see it: the target over the network through the
 * harness client, in the sequence's own partner session, every exchange journaled and
 * searched for leaks (NO-SECRET-ECHO, recorded without stopping the sequence) before the
 * command compares it with the model.
 */
export class SequenceRun {
  readonly leaks: LeakGuard;

  constructor(readonly ctx: HarnessContext, readonly session: Session, readonly journal: Journal) {
    this.leaks = LeakGuard.of(ctx);
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
    if (judged.broken) throw new StepBroken(`${x.request.operation}: ${judged.broken}`);
    this.journal.leak(judged.findings);
    this.journal.expect([], ...judged.checked);
    return x as Responded;
  }

  /** Compares: marks the requirements checked and stops the sequence on findings. */
  expect(findings: readonly Finding[], ...requirements: RequirementId[]): void {
    this.journal.expect(findings, ...requirements);
  }

  observe(requirement: RequirementId, behaviour: string): void {
    this.journal.observe(requirement, behaviour);
  }
}

/** The JSON object of a reply, or {}. */
export function body(x: Exchange): Record<string, unknown> {
  const json = x.response?.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

export const ok = (x: Exchange): boolean => !!x.response && x.response.status >= 200 && x.response.status < 300;
