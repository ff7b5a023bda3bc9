import { clientRequirement } from '../contract/client-requirements.js';
import type { Severity } from '../contract/types.js';
import { coverage, handledDefinitions, type Coverage } from './coverage.js';
import { evidenceWriter } from './evidence.js';
import { gradeClient, type GradeStatus } from './grades/index.js';
import type { Observation } from './observations.js';
import type { Plan } from './plan.js';
import type { ScheduledAnswer } from './scenario.js';

/** A grade as the reports print it: the requirement row, the verdict, redacted evidence. */
export interface GradeRow {
  readonly id: string;
  readonly section: string;
  readonly severity: Severity;
  readonly text: string;
  readonly basis: string;
  readonly status: GradeStatus;
  readonly reason: string;
  readonly evidence: readonly string[];
}

/** Exit codes of certify-client, with the harness's precedence: 1 > 3 > 4 > 0 (2 is decided before a run). */
export type ClientExitCode = 0 | 1 | 3 | 4;

export interface ClientReport {
  readonly schemaVersion: 1;
  readonly kind: 'client-certification';
  readonly verdict: 'certified' | 'not certified';
  readonly exitCode: ClientExitCode;
  readonly verdictReasons: readonly string[];
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly durationMs: number;
  readonly sandbox: { readonly baseUrl: string };
  /** The client command run after `--`, and how it ended (absent when the sandbox served an outside client). */
  readonly client?: { readonly command: string; readonly exitCode: number | null; readonly signal?: string };
  readonly seed: number;
  readonly plan: { readonly source: string; readonly description?: string; readonly answeredCalls: number };
  readonly counts: { readonly passed: number; readonly failed: number; readonly notCovered: number };
  readonly grades: readonly GradeRow[];
  readonly coverage: Coverage & { readonly handledMeans: Readonly<Record<string, string>> };
  readonly exchanges: number;
}

export interface ReportInput {
  readonly observations: readonly Observation[];
  readonly plan: Plan;
  readonly planSource: string;
  readonly planned: readonly ScheduledAnswer[];
  readonly seed: number;
  readonly baseUrl: string;
  readonly secrets: readonly string[];
  readonly startedAt: Date;
  readonly finishedAt: Date;
  readonly client?: ClientReport['client'];
  /** --accept-unshown: every unshown response is an accepted gap. */
  readonly acceptUnshown?: boolean;
}

/** The coverage sentence of the summary and the certificate. */
export const coverageLine = (c: Coverage): string =>
  `${c.documented.shown} of ${c.documented.total} documented responses shown; ${c.documented.handled} handled, ${c.documented.unhandled} not` +
  ` (transient faults: ${c.transient.shown} of ${c.transient.total} shown; ${c.transient.handled} handled, ${c.transient.unhandled} not)`;

export function buildClientReport(input: ReportInput): ClientReport {
  const list = input.observations;
  const writer = evidenceWriter(list, input.secrets, input.startedAt.getTime());
  const grades: GradeRow[] = gradeClient(list, input.plan).map((g) => {
    const q = clientRequirement(g.id);
    return { id: q.id, section: q.section, severity: q.severity, text: q.text, basis: q.basis, status: g.status, reason: writer.redactor.redact(g.reason), evidence: writer.lines(g.evidence) };
  });
  const cov = coverage(list, input.plan, input.planned, input.acceptUnshown);
  const failed = grades.filter((g) => g.status === 'failed');
  const partnerCalls = list.filter((o) => o.kind === 'partner').length;
  const c = input.client;
  const broken = c && (c.exitCode !== 0 || c.signal)
    ? `the client ended ${c.signal ? `by signal ${c.signal}` : `with exit code ${c.exitCode}`}: its run may be incomplete` : undefined;
  const reasons = [
    ...failed.map((g) => `${g.id} failed: ${g.reason}`),
    ...(broken ? [broken] : []),
    ...(partnerCalls === 0 ? ['the client made no partner call: nothing could be shown or graded'] : []),
    ...(cov.unshown.length ? [`${cov.unshown.length} planned response(s) never shown to the client (the client did not call enough; more rounds, or accept them): ${cov.unshown.join(', ')}`] : []),
  ];
  const exitCode: ClientExitCode = failed.length ? 1 : broken ? 3 : partnerCalls === 0 || cov.unshown.length ? 4 : 0;
  return {
    schemaVersion: 1, kind: 'client-certification',
    verdict: exitCode === 0 ? 'certified' : 'not certified', exitCode, verdictReasons: reasons,
    startedAt: input.startedAt.toISOString(), finishedAt: input.finishedAt.toISOString(),
    durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
    sandbox: { baseUrl: input.baseUrl },
    ...(c ? { client: { ...c, command: writer.redactor.redact(c.command) } } : {}),
    seed: input.seed,
    plan: { source: input.planSource, ...(input.plan.description ? { description: input.plan.description } : {}), answeredCalls: input.planned.length },
    counts: {
      passed: grades.filter((g) => g.status === 'passed').length, failed: failed.length,
      notCovered: grades.filter((g) => g.status === 'not-covered').length,
    },
    grades,
    coverage: { ...cov, handledMeans: handledDefinitions },
    exchanges: list.length,
  };
}
