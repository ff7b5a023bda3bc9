import type { Exchange } from '../../../client/exchange.js';
import { transportBroken } from '../../../checks/index.js';
import { operations } from '../../../contract/operations.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { HealthLog } from './health.js';
import type { CaseOutcome, Rerun } from '../../../oracles/outcome.js';
import { stopOf } from './stop.js';
import { fixtureAnswerOutOfContract } from './fixture-out-of-contract.js';

export type { Rerun } from '../../../oracles/outcome.js';

/**
 * Re-run, don't retry blindly. When an exchange breaks a case (a reply lost to a reset or a
 * timeout, a 429 or 503 still there after the client's retries), the harness cannot know whether a
 * write took effect, so it never sends that request again: it runs the whole case again from the
 * start, which draws fresh state (a fresh identity, a fresh card, a session or fixture made again
 * where the broken one was shared), up to CONFORMANCE_RERUNS times. Only a case whose re-runs
 * break too is broken, and only its own rows. Two exceptions send again: the client resends an
 * add-or-update of a card (contract `repeatable`, client/retry.ts), and send-again.ts a request that
 * changes nothing on a conformant target.
 */

export interface RerunEnv {
  /** CONFORMANCE_RERUNS. */
  readonly reruns: number;
  readonly property: string;
  readonly redact: (text: string) => string;
  readonly health?: HealthLog;
}

/**
 * A target in trouble, not hiccuping: once a property stopped because maxBrokenCases of its cases
 * stayed broken, the worker's next cases run once without re-runs and a property stops at its
 * first broken case, until a case completes again. An outage then costs the target one case per
 * property instead of a dozen, and a target that recovers is met again at full strength.
 */
export class TargetTrouble {
  on = false;

  /** Re-runs a broken case gets now. */
  reruns(normal: number): number {
    return this.on ? 0 : normal;
  }

  /** Cases that may stay broken before a property stops. */
  brokenCases(normal: number): number {
    return this.on ? 1 : normal;
  }
}

const troubles = new WeakMap<object, TargetTrouble>();

/** The latch of one worker, keyed on something it holds once (its client). */
export function troubleOf(worker: object): TargetTrouble {
  let trouble = troubles.get(worker);
  if (!trouble) troubles.set(worker, (trouble = new TargetTrouble()));
  return trouble;
}

/** What one case came to. `thrown`: an error that is no transport trouble (a missing fixture, a harness bug), for the caller. */
export type CaseEnd =
  | { readonly kind: 'done'; readonly outcome: CaseOutcome }
  | { readonly kind: 'thrown'; readonly error: unknown }
  | { readonly kind: 'broken'; readonly reason: string; readonly rows?: readonly RequirementId[] };

const lostCodes = new Set(['CONNECTION_RESET', 'TIMEOUT', 'TRANSPORT_ERROR']);
const writes = new Set(operations.filter((o) => o.writes).map((o) => o.id));

/** The request of a writing operation went out and no whole answer came back: it may have taken effect. */
export function lostWrite(x: Exchange | undefined): boolean {
  return !!x && writes.has(x.request.operation) && lostCodes.has(x.transportError?.code ?? '');
}

/** The exchange that broke a case: the last one of its outcome that cannot be judged, or the one a thrown error carries. */
export function brokenExchange(source: CaseOutcome | unknown): Exchange | undefined {
  const outcome = source as Partial<CaseOutcome> | null;
  if (Array.isArray(outcome?.exchanges)) return [...outcome.exchanges].reverse().find((x) => transportBroken(x) !== undefined);
  const carried = (source as { exchange?: unknown } | null)?.exchange as Exchange | undefined;
  return carried?.request ? carried : undefined;
}

/** The outcome without the D37 refusal a lost write caused: it says nothing of the target's own reasons. */
function withoutRefusal(outcome: CaseOutcome): CaseOutcome {
  const { [outcome.refused!]: _dropped, ...observed } = outcome.observed ?? {};
  const { refused: _r, observed: _o, ...rest } = outcome;
  return { ...rest, ...(Object.keys(observed).length ? { observed } : {}) };
}

/** Tracks one case (or model sequence) over its runs and tells the health log how it ended. */
export class CaseRuns {
  readonly #broken: string[] = [];
  #lost = false;
  #refused = false;
  #attempt = 0;

  constructor(readonly env: RerunEnv) {}

  /** Undefined for the first run; the re-run's facts after a broken one. */
  get rerun(): Rerun | undefined {
    return this.#attempt === 0 ? undefined : { attempt: this.#attempt, afterLostWrite: this.#lost };
  }

  /** An exchange broke this run: true when the case gets another run. */
  broke(x: Exchange | undefined, reason: string): boolean {
    if (x) this.#broken.push(x.request.correlationId);
    this.#lost ||= lostWrite(x);
    if (this.#attempt < this.env.reruns) {
      this.#attempt += 1;
      return true;
    }
    this.#log('broken', reason);
    return false;
  }

  /** The run completed: a refusal a lost write caused is recognised and left out of what the target showed. */
  completed(outcome: CaseOutcome): CaseOutcome {
    const caused = this.#lost && outcome.refused !== undefined;
    this.#refused ||= caused;
    if (this.#attempt > 0) this.#log('recovered');
    return caused ? withoutRefusal(outcome) : outcome;
  }

  /** Why the case stays broken, with the re-runs it had. */
  reason(first: string): string {
    return this.env.reruns > 0 ? `${first} (and again on each of ${this.env.reruns} re-run(s) from the start with fresh state)` : first;
  }

  #log(outcome: 'recovered' | 'broken', reason?: string): void {
    this.env.health?.case({
      property: this.env.property, broken: this.#broken, reruns: this.#attempt, outcome, lostWrite: this.#lost,
      ...(this.#refused ? { refusedAfterLostWrite: true } : {}), ...(reason ? { reason } : {}),
    });
  }
}

/** Runs one case, and again from the start while an exchange breaks it, up to `env.reruns` times. */
export async function runCase<T>(run: (value: T, rerun?: Rerun) => Promise<CaseOutcome>, value: T, env: RerunEnv): Promise<CaseEnd> {
  const runs = new CaseRuns(env);
  for (;;) {
    let reason: string;
    let x: Exchange | undefined;
    let rows: readonly RequirementId[] | undefined;
    try {
      const outcome = await run(value, runs.rerun);
      if (!outcome.broken) return { kind: 'done', outcome: runs.completed(outcome) };
      [reason, x, rows] = [env.redact(outcome.broken), brokenExchange(outcome), outcome.rows];
    } catch (error) {
      const stop = stopOf(error, env.redact);
      const answered = stop.kind === 'fixture' ? fixtureAnswerOutOfContract(stop.error) : undefined;
      if (answered) return { kind: 'done', outcome: runs.completed(answered) };
      if (stop.kind !== 'broken') return { kind: 'thrown', error };
      [reason, x] = [stop.reason, brokenExchange(error)];
    }
    if (!runs.broke(x, reason)) return { kind: 'broken', reason: runs.reason(reason), ...(rows ? { rows } : {}) };
  }
}
