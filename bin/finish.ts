import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { operations, requirements, type Profile } from '../contract/index.js';
import { isRequirementId } from '../contract/requirements.js';
import { formatVerdictTable } from '../reporting/live.js';
import { readResults } from '../reporting/recorder.js';
import { buildSummary } from '../reporting/summary.js';
import { writeReports } from '../reporting/write.js';
import { readFootprint } from '../suites/lib/state/footprint-report.js';
import { readHealth } from '../suites/lib/runner/health-report.js';
import type { ResolvedTarget } from './target.js';
import type { RunInputs } from './run-start.js';
import { describeProxy } from '../client/proxy.js';
import { checksOf } from './docs-render.js';

export interface ReportInput extends RunInputs {
  readonly profile: Profile;
  readonly target: { readonly baseUrl: string; readonly kind: string; /** How requests reached it: the proxy (masked) and that the allow-list probe went direct (docs/network.md). */ readonly via?: string };
  readonly startedAt: Date;
  readonly incomplete?: string;
  /** Vitest arguments that narrowed the run (see narrowingFilters). */
  readonly filters?: readonly string[];
  /** The run's seed when the parent chose it (CONFORMANCE_SEED unset); the certificate names it. */
  readonly seed?: number;
}

/** Vitest options that narrow which tests run; any other option (a reporter, --bail) does not. */
const narrowingOptions = /^(-t|--testNamePattern|--shard|--project|--exclude)(=|$)/;

/**
 * The vitest arguments of `npm run conformance -- …` that narrow the run (suite files, -t, --shard):
 * a requirement that none of the tests run recorded was not selected, rather than left unchecked.
 */
export function narrowingFilters(args: readonly string[]): string[] {
  return args.some((a) => !a.startsWith('-') || narrowingOptions.test(a)) ? [...args] : [];
}

/** Builds summary.json/md and junit.xml from the result records under profile.reportDir, prints the verdict, returns the exit code. */
export function writeRunReports(input: ReportInput): number {
  const { profile } = input;
  const records = readResults(profile.reportDir);
  const incomplete = input.incomplete ?? (records.length === 0 ? 'the suites recorded no result; see the output above' : undefined);
  const health = readHealth(profile.reportDir);
  const seed = input.seed ?? profile.seed;
  const summary = buildSummary({
    records, requirements, operations,
    selection: { only: profile.only, skip: profile.skip, filters: input.filters ?? [] },
    startedAt: input.startedAt, finishedAt: new Date(),
    target: input.target,
    waivers: input.waivers,
    ...(input.baseline ? { baseline: input.baseline } : {}),
    ...(incomplete ? { incomplete } : {}),
    footprint: readFootprint(profile.reportDir),
    ...(health ? { health } : {}),
    operatorRun: {
      production: profile.kind === 'production',
      variables: Object.keys(process.env).filter((k) => k.startsWith('TARGET_') && process.env[k]),
      narrowed: profile.only.length > 0 || (profile.skip?.length ?? 0) > 0 || (input.filters ?? []).length > 0,
    },
    run: { ...(seed === undefined ? {} : { seed }), profile: profile.kind },
    checksOf: (id) => (isRequirementId(id) ? checksOf(id) : []),
  });
  // The records came redacted from the workers (reporting/recorder.ts ResultSink); the rest of the
  // summary is this process's own text (target, waivers, why incomplete), which holds no secret.
  writeReports(summary, { reportDir: profile.reportDir });
  const allure = join(profile.reportDir, 'allure-results');
  console.log(formatVerdictTable(summary, resolve(profile.reportDir, 'summary.md')));
  // The command names this run's directory: a bare `npm run report` would render reports/, perhaps an older run.
  const render = profile.reportDir === 'reports' ? 'npm run report' : `npm run report -- ${profile.reportDir}`;
  if (existsSync(allure)) console.log(`Allure results: ${resolve(allure)} (render with ${render})`);
  return summary.exitCode;
}

export interface FinishInput extends RunInputs {
  readonly profile: Profile;
  readonly target: ResolvedTarget;
  readonly startedAt: Date;
  readonly vitestExit: number;
  readonly interrupted: boolean;
  /** Why the suites never ran (the preflight found the target unreachable): the run is incomplete. */
  readonly stoppedBecause?: string;
  readonly seed?: number;
  /** The vitest arguments given after `--`. */
  readonly args?: readonly string[];
}

/** The end of `npm run conformance`: the reports of this run. */
export function finishRun(input: FinishInput): number {
  const { profile, target } = input;
  return writeRunReports({
    profile,
    waivers: input.waivers,
    ...(input.baseline ? { baseline: input.baseline } : {}),
    target: {
      baseUrl: target.env.TARGET_BASE_URL ?? profile.target?.baseUrl ?? '(unknown)', kind: target.embedded ? 'embedded reference' : profile.kind,
      ...(target.embedded ? {} : networkPath(profile)),
    },
    startedAt: input.startedAt,
    ...(input.stoppedBecause ? { incomplete: input.stoppedBecause } : {}),
    ...(input.interrupted ? { incomplete: 'interrupted by a signal; the results so far are reported' } : {}),
    filters: narrowingFilters(input.args ?? []),
    ...(input.seed === undefined ? {} : { seed: input.seed }),
  });
}

/** The network path of the run, for the report: the proxy (masked), and that the allow-list probe went direct. */
export function networkPath(profile: Profile): { via?: string } {
  const proxy = describeProxy(profile.proxy);
  if (!proxy) return {};
  const probe = profile.probeSourceAddress ? `; the allow-list probe from ${profile.probeSourceAddress} (TARGET_PROBE_SOURCE_ADDRESS) went direct, not through the proxy` : '';
  return { via: `every request through the proxy ${proxy}${probe}` };
}
