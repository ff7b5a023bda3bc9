/** The gate's exit codes of a finished run (2, bad configuration, ends before any report). */
export type ExitCode = 0 | 1 | 3 | 4;

/**
 * The one place the verdict's words come from: every report (console, summary.md, summary.json,
 * certificate.html, junit.xml) names the exit code with the word and the next step given here, so
 * a reviewer never reads FAIL for a run that was only incomplete.
 */
export type Verdict = 'pass' | 'fail' | 'inconclusive' | 'incomplete';

export interface VerdictText {
  readonly verdict: Verdict;
  /** The word printed before the exit code: PASS, FAIL, INCONCLUSIVE, INCOMPLETE. */
  readonly word: string;
  /** What the exit code means, in one sentence. */
  readonly meaning: string;
  /** What to do next, in one sentence. */
  readonly nextStep: string;
}

const texts: Readonly<Record<ExitCode, VerdictText>> = {
  0: {
    verdict: 'pass', word: 'PASS',
    meaning: 'Every selected documented and standard requirement was checked in full and held; nothing broke.',
    nextStep: 'Nothing to do: keep the reports as evidence, and read the observed readings of the ambiguous points.',
  },
  1: {
    verdict: 'fail', word: 'FAIL',
    meaning: 'A blocking requirement failed, or a waiver expired.',
    nextStep: 'Send the partner each failure with its replay and curl command, or renew the expired waiver.',
  },
  3: {
    verdict: 'inconclusive', word: 'INCONCLUSIVE',
    meaning: 'The run broke or stopped short (target unreachable, transport trouble, harness error, interrupted), so nothing is judged for what broke.',
    nextStep: 'Fix what the broken rows name (address, CA, credentials, the target\'s availability) and run again; this is no verdict on the partner.',
  },
  4: {
    verdict: 'incomplete', word: 'INCOMPLETE',
    meaning: 'Nothing failed, but documented requirements were left unchecked, in whole or in part, and no one accepted the gap.',
    nextStep: 'Set the variable each gap names and run again, or accept the gap with CONFORMANCE_SKIP=<id> (or a waiver); this is no failure of the partner.',
  },
};

export function verdictText(exitCode: ExitCode): VerdictText {
  return texts[exitCode];
}

/** `PASS (exit 0)`: the headline every report starts with. */
export function verdictHeadline(exitCode: ExitCode): string {
  return `${texts[exitCode].word} (exit ${exitCode})`;
}
