import type { Exchange } from '../../../client/exchange.js';
import type { Finding } from '../../../checks/finding.js';
import { noCardNumberInCards, noSecretEcho, runChecks } from '../../../checks/index.js';
import type { HarnessContext } from './context.js';
import { sentSecrets } from '../../../oracles/field-case.js';

/**
 * The leak oracle over a whole scenario (NO-SECRET-ECHO): every reply is searched for every
 * card number, card token and SSN sent so far in the scenario, and for the client secret,
 * so a card number sent in step 2 and echoed by a card list in step 5 is caught too.
 */
export class LeakGuard {
  readonly #sent = new Set<string>();

  constructor(runSecrets: readonly string[]) {
    runSecrets.filter(Boolean).forEach((s) => this.#sent.add(s));
  }

  static of(ctx: HarnessContext): LeakGuard {
    return new LeakGuard([ctx.profile.target?.clientSecret ?? '']);
  }

  /** Remembers sensitive values sent elsewhere (a fixture's card numbers and SSN). */
  remember(values: readonly string[]): void {
    values.filter(Boolean).forEach((s) => this.#sent.add(s));
  }

  /** Remembers the sensitive values of a request body before it is sent. */
  learn(body: unknown): void {
    sentSecrets(body).forEach((s) => this.#sent.add(s));
  }

  /** Findings of the leak checks on one reply; `ran` is false for an exchange without a response. */
  judge(x: Exchange): { findings: Finding[]; ran: boolean } {
    const sent = [...this.#sent];
    const cardNumbers = sent.filter((s) => /^\d{15,19}$/.test(s));
    const echo = runChecks([noSecretEcho], x, { sent });
    const cards = runChecks([noCardNumberInCards], x, { cardNumbers });
    return { findings: [...echo.findings, ...cards.findings], ran: echo.ran.length > 0 };
  }
}
