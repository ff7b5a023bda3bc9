import * as allure from 'allure-js-commons';
import { join } from 'node:path';
import type { Severity } from '../contract/types.js';
import { numberedSteps, reproductionParts } from './reproduction.js';
import type { Reproduction } from './result.js';

export interface AllureTestLabels {
  /** Every requirement the test checks; each becomes a `requirement` label. */
  readonly requirement: string | readonly string[];
  readonly severity: Severity;
  /** The area suite, e.g. `find-customer`. */
  readonly suite: string;
  readonly operation?: string;
  /** interface.md section of the requirement. */
  readonly section?: string;
  /** When given, a TMS link `${specUrl}#<section anchor>` is added (e.g. the rendered interface.md). */
  readonly specUrl?: string;
}

/** Contract severity → Allure severity: what blocks go-live is critical. */
export const allureSeverity: Record<Severity, string> = {
  documented: 'critical', standard: 'critical', unspecified: 'normal', ambiguous: 'minor',
};

/** GitHub-style heading anchor. */
export const sectionAnchor = (section: string): string =>
  section.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-');

/** Labels the current vitest test: requirement, operation, severity, suite (and section link). */
export async function labelTest(l: AllureTestLabels): Promise<void> {
  for (const id of typeof l.requirement === 'string' ? [l.requirement] : l.requirement) await allure.label('requirement', id);
  await allure.label('contractSeverity', l.severity);
  await allure.severity(allureSeverity[l.severity]);
  await allure.suite(l.suite);
  if (l.operation) {
    await allure.label('operation', l.operation);
    await allure.feature(l.operation);
  }
  if (l.section) {
    await allure.story(l.section);
    if (l.specUrl) await allure.tms(`${l.specUrl}#${sectionAnchor(l.section)}`, `interface.md § ${l.section}`);
  }
}

/**
 * Attaches the failing case's request and response (`detail`) and each part of its reproduction
 * (replay, curl, counterexample, steps) as text to the current test. Both come redacted from the
 * runner, which built them with the client's redacting formatters.
 */
export async function attachFailure(reproduction: Reproduction | undefined, detail?: string): Promise<void> {
  if (detail) await allure.attachment('request', detail, allure.ContentType.TEXT);
  for (const part of reproductionParts(reproduction)) {
    const text = part.name === 'steps' ? numberedSteps(part.steps).join('\n') : part.name === 'counterexample' ? part.text : part.command;
    await allure.attachment(part.name, text, allure.ContentType.TEXT);
  }
}

/** The vitest `reporters` entry for allure-vitest, writing to `${reportDir}/allure-results`. */
export function allureReporterConfig(reportDir: string): [string, { resultsDir: string }] {
  return ['allure-vitest/reporter', { resultsDir: join(reportDir, 'allure-results') }];
}
