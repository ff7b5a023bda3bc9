import type { OperatorCoverage } from './operator-coverage.js';
import type { Severity } from '../contract/types.js';
import type { RecordedFinding, Reproduction } from './result.js';
import type { Waiver } from './waivers.js';
import type { ExitCode, Verdict } from './verdict.js';

/**
 * A requirement's status in the report; 'not-covered' and 'not-selected' are never shown as passed.
 * 'partly-checked': what was checked held, but some of its cases could not run (a variable missing,
 * a probe impossible); the unchecked part is a gap like a 'not-covered' row, never a pass.
 */
export type RowStatus =
  | 'passed' | 'failed' | 'waived' | 'broken' | 'observed' | 'skipped-by-profile' | 'partly-checked' | 'not-covered' | 'not-selected';

/** One deduplicated finding (by dedupKey) with the reproduction of its first occurrence. */
export interface ReportedFinding extends RecordedFinding {
  readonly occurrences: number;
  readonly reproduction?: Reproduction;
}

export interface RequirementRow {
  readonly id: string;
  readonly section: string;
  readonly severity: Severity;
  readonly text: string;
  readonly operation?: string;
  readonly status: RowStatus;
  /** A failure here fails the run (documented/standard rules and the generic rules). */
  readonly blocking: boolean;
  readonly checks: readonly string[];
  readonly suites: readonly string[];
  readonly findings: readonly ReportedFinding[];
  /** Why broken, not covered or skipped (deduplicated). */
  readonly reasons: readonly string[];
  readonly waiver?: Waiver;
  /**
   * A not-covered row the user accepted: named by CONFORMANCE_SKIP (then status 'not-selected'),
   * or held by a waiver (status stays 'not-covered'); a partly-checked row stays 'partly-checked'.
   * Such a row does not make the run exit 4.
   */
  readonly acceptedGap?: 'CONFORMANCE_SKIP' | 'waiver';
}

/** An ambiguous point and the reading the target showed. */
export interface ObservedBehaviour {
  readonly requirement: string;
  readonly decisions: readonly string[];
  readonly observed: string;
  readonly suite: string;
}

export interface ResponseCoverageRow {
  /** `${operation} ${status} ${errorCode|'success'}`; the validation row (no errorCode) uses VALIDATION. */
  readonly key: string;
  readonly operation: string;
  readonly status: number;
  readonly code: string;
  readonly observed: boolean;
}

/** A row whose status changed between two nights, outside the named lists of BaselineDiff. */
export interface StatusChange {
  readonly id: string;
  readonly before: string;
  readonly now: string;
}

/** This night against the previous one (reporting/baseline-diff.ts): every status change, the readings and the verdicts. */
export interface BaselineDiff {
  readonly source: string;
  readonly previousFinishedAt?: string;
  /** `INCOMPLETE (exit 4)`; absent when the previous summary predates it. */
  readonly previousVerdict?: string;
  readonly verdict: string;
  readonly seeds: { readonly previous?: number; readonly now?: number };
  readonly newFailures: readonly string[];
  readonly fixed: readonly string[];
  readonly stillFailing: readonly string[];
  /** Failing before, and neither passed nor failed now (broken, not covered, not selected). */
  readonly notRechecked: readonly string[];
  /** Broken now, not before. */
  readonly newlyBroken: readonly string[];
  /** Not covered or partly checked now, something else before. */
  readonly newlyUnchecked: readonly string[];
  /** Passed now, and before not covered, partly checked, broken, observed or left out. */
  readonly newlyChecked: readonly string[];
  /** Every other status change (e.g. passed → not selected). */
  readonly otherChanges: readonly StatusChange[];
  /** Ambiguous points whose observed readings differ. */
  readonly readingsChanged: ReadonlyArray<{ readonly requirement: string; readonly before: readonly string[]; readonly now: readonly string[] }>;
  /** Whether the new failures came with a new seed (exploration) or under the previous night's (a change of the target). */
  readonly newFailuresCame?: string;
  /** Runs the new failures under the previous night's seed. */
  readonly replayPreviousSeed?: string;
}

/** What replays this run: its seed, the harness that ran it, its profile, and the command. */
export interface RunFacts {
  readonly seed?: number;
  /** package.json version of the harness. */
  readonly harnessVersion: string;
  readonly profile?: string;
  /** The command that runs the same cases again, given the same TARGET_* variables. */
  readonly replay: string;
}

export type Counts = Record<'passed' | 'failed' | 'broken' | 'waived' | 'skippedByProfile' | 'partlyChecked' | 'notCovered' | 'notSelected' | 'observed', number>;

/** Exit codes of a run; 2 (bad configuration) is decided before any summary exists. */
export type { ExitCode } from './verdict.js';

export interface Selection {
  /** CONFORMANCE_ONLY entries; empty = everything. */
  readonly only: readonly string[];
  /** CONFORMANCE_SKIP entries: requirement ids, operations or sections whose gaps the user accepts. */
  readonly skip?: readonly string[];
  /** Vitest arguments that narrowed the run (suite files, -t, --shard): a requirement nothing recorded was not selected. */
  readonly filters?: readonly string[];
}

/** A documented requirement left unchecked that the user accepted, and why it was not checked. */
export interface AcceptedGap {
  readonly requirement: string;
  readonly by: 'CONFORMANCE_SKIP' | 'waiver';
  readonly reasons: readonly string[];
}

export interface Summary {
  readonly schemaVersion: 1;
  /** The word of the exit code (reporting/verdict.ts): pass 0, fail 1, inconclusive 3, incomplete 4. */
  readonly verdict: Verdict;
  /**
   * 0 pass: every selected documented requirement was checked and passed (or is waived);
   * 1 a blocking failure or an expired waiver; 3 target unreachable or run broken;
   * 4 documented requirements left unchecked (not covered, not waived, not deselected).
   */
  readonly exitCode: ExitCode;
  /** One sentence per reason the verdict is not a pass. */
  readonly verdictReasons: readonly string[];
  /** What to do next, one sentence (reporting/verdict.ts). */
  readonly nextStep: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  readonly target: { readonly baseUrl: string; readonly kind: string; /** How requests reached it: the proxy (masked) and that the allow-list probe went direct (docs/network.md). */ readonly via?: string };
  readonly selection: Selection;
  /** Seed, harness version, profile and the replay command: a night replays from its own summary.json. */
  readonly run: RunFacts;
  readonly incomplete?: string;
  /** Requirement rows by status; they add up to the number of requirements. */
  readonly counts: Counts;
  readonly requirements: readonly RequirementRow[];
  readonly observed: readonly ObservedBehaviour[];
  readonly responseCoverage: { readonly documented: number; readonly observed: number; readonly rows: readonly ResponseCoverageRow[]; readonly undocumentedSeen: readonly string[] };
  readonly waivers: { readonly applied: readonly Waiver[]; readonly expired: readonly Waiver[]; readonly unused: readonly Waiver[] };
  readonly baseline?: BaselineDiff;
  /** What the run created on the target and removed again (sandbox footprint). */
  readonly footprint?: Footprint;
  /** Transient faults the target showed, and what recovered them (suites/lib/runner/health-report.ts). */
  readonly health?: TargetHealth;
  /** Operator x cell pairs of the catalogue sent, of those that apply, and those left out with why (issue 27). */
  readonly operatorCoverage?: OperatorCoverage;
  /** Blocking requirements left unchecked that CONFORMANCE_SKIP or a waiver accepted. */
  readonly acceptedGaps: readonly AcceptedGap[];
  /** Selected blocking requirements left unchecked and not accepted: they make the run exit 4. */
  readonly unchecked: readonly string[];
  /** Records naming a requirement that contract/requirements.ts does not have (harness bugs). */
  readonly unknownRequirements: readonly string[];
}

/** What a run cost the target: what it created and removed, the requests it sent, and what the request budget left out. */
export interface Footprint {
  readonly customersEnrolled: number;
  /** Customers of the run family (CONFORMANCE_FAMILY) that earlier runs enrolled, found again instead of enrolled anew. */
  readonly customersFoundAgain?: number;
  /** Customers of the run family this run enrolled (a first night, or a slot no earlier run used): later runs find them again. */
  readonly familyEnrolled?: number;
  readonly cardsAdded: number;
  /** Cards removed, those earlier runs left on customers found again included (cardsLeftByEarlierRuns). */
  readonly cardsRemoved: number;
  readonly cardsLeftByEarlierRuns?: number;
  /** Requests sent by operation (retries included; Token: the token endpoint). */
  readonly requests?: Readonly<Record<string, number>>;
  /** The run's pooled customer(s), and enrolments that needed an identity of their own. */
  readonly customerPool?: { readonly size: number; readonly freshEnrolments: number };
  /** suites/lib/runner/budget-report.ts ExplorationCounts. */
  readonly exploration?: {
    readonly budget?: number; readonly properties: number; readonly coverage: number; readonly wished: number; readonly granted: number;
    readonly cut: ReadonlyArray<{ readonly property: string; readonly unit: 'case' | 'sequence'; readonly granted: number; readonly wished: number }>;
  };
}

/** One kind of transient fault on one operation, and what became of each. */
export interface HealthRow {
  readonly kind: string;
  readonly operation: string;
  /** Transient answers met: 429s, 503s, connections cut off, timeouts (each attempt counts). */
  readonly met: number;
  /** Those of an exchange a retry of the client got through. */
  readonly recoveredByRetry: number;
  /** Those that broke their case, which then passed when run again from the start. */
  readonly recoveredByRerun: number;
  readonly notRecovered: number;
}

/** The target's health over a run: what a nightly reader needs to tell a flaky sandbox from a broken one. */
export interface TargetHealth {
  readonly rows: readonly HealthRow[];
  readonly totals: Omit<HealthRow, 'kind' | 'operation'>;
  /** Cases (and model sequences) run again from the start because an exchange broke them. */
  readonly cases: {
    readonly rerun: number;
    readonly recovered: number;
    readonly stayedBroken: number;
    /** Broken by a write whose reply was lost (it may have taken effect): re-run with fresh state, never resent. */
    readonly lostWrites: number;
    /** Re-runs that met a business refusal the lost write caused (the identity now existed). */
    readonly refusedAfterLostWrite: number;
  };
  /** What stayed broken: the property and why. */
  readonly broken: ReadonlyArray<{ readonly property: string; readonly reason: string }>;
  /** Replies slower than a second (they cost time, not a case). */
  readonly slowReplies?: { readonly count: number; readonly longestMs: number };
}
