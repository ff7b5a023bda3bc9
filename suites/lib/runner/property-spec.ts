import type fc from 'fast-check';
import type { Exchange } from '../../../client/exchange.js';
import type { RequirementId } from '../../../contract/requirements.js';
import type { SuiteRecord } from '../../../reporting/result.js';
import type { EvidenceText } from '../../../reporting/reproduction.js';
import type { CaseOutcome, Rerun } from '../../../oracles/outcome.js';
import type { Exploration } from './budget.js';
import type { HealthLog } from './health.js';
import type { TargetTrouble } from './rerun.js';

/** What a property is and what its runner needs, apart from the runner (property.ts) so property-failure.ts can name them without a circle. */

export interface PropertySpec<T> {
  readonly area: string;
  readonly name: string;
  readonly operation?: string;
  readonly arbitrary: fc.Arbitrary<T>;
  readonly numRuns: number;
  /**
   * The coverage phase: one case of each class of input, run before the random ones (fast-check
   * `examples`), so every rule the property checks is met whatever the seed and CONFORMANCE_RUNS.
   * numRuns grows to hold them all.
   */
  readonly examples?: (seed: number) => readonly T[];
  /** A short description of a case, for the counterexample (redacted when shown). */
  readonly describe: (value: T) => string;
  /** One case; `rerun` is set when it runs again from the start because an exchange broke it (rerun.ts). */
  readonly run: (value: T, rerun?: Rerun) => Promise<CaseOutcome>;
  /** The rows a case answers for, when its outcome cannot say (it broke before its exchange): they read broken if it stays broken. */
  readonly rowsOf?: (value: T) => readonly RequirementId[];
  /** What the property can check; broken and not-covered rows name these when no case got that far. */
  readonly requirements?: readonly RequirementId[];
  /**
   * No case reads or changes state another case of the property sets (each makes its own, or only
   * reads the shared fixtures): its cases may be in flight together, up to the worker's concurrency.
   */
  readonly independentCases?: boolean;
}

/** What a runner needs from the harness: where records go, and the client's redacting text of exchanges. */
export interface PropertyEnv extends EvidenceText {
  readonly runSeed: number;
  readonly replayPath: string | undefined;
  readonly suiteFile: string;
  readonly record: (r: SuiteRecord) => void;
  /** For text that does not come from an exchange: case descriptions, finding messages, labels, reasons. */
  readonly redact: (text: string) => string;
  /**
   * Learns a case's sensitive members by name (dateOfBirth, ssn, cardNumber...) before its description is
   * shown: a counterexample quotes the generated payload, and a value in it may have gone out in another case
   * while this one failed before sending it, so the redactor has not met it yet.
   */
  readonly learnCase?: (value: unknown) => void;
  /** Several redacted lines (headers and bodies) of the failing exchange, for attachments. */
  readonly formatDetail?: (exchange: Exchange) => string;
  /** The run's request budget (budget.ts); without it a property runs the cases it asks for. */
  readonly exploration?: Exploration;
  /** CONFORMANCE_RERUNS: times a broken case runs again from the start (rerun.ts); unset, none. */
  readonly reruns?: number;
  readonly health?: HealthLog;
  /** The worker's latch for a target in trouble (rerun.ts): fewer re-runs and earlier stops while it is on. */
  readonly trouble?: TargetTrouble;
  /** Cases of an `independentCases` property in flight at once (the worker's TARGET_CONCURRENCY); unset, one. */
  readonly caseConcurrency?: number;
}
