import * as allure from 'allure-js-commons';
import { join } from 'node:path';
import type { Severity } from '../contract/types.js';

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

export interface FailureAttachments {
  readonly request?: string;
  readonly response?: string;
  readonly curl?: string;
  /** Numbered steps of a stateful sequence. */
  readonly steps?: readonly string[];
  readonly replay?: string;
}

/**
 * Attaches request, response, curl, replay command and steps as text to the current test.
 * The texts must come redacted (the client's Redactor); `redact` runs once more on each.
 */
export async function attachFailure(a: FailureAttachments, redact: (text: string) => string = (t) => t): Promise<void> {
  const parts: Array<[string, string | undefined]> = [
    ['request', a.request], ['response', a.response], ['curl', a.curl], ['replay', a.replay],
    ['steps', a.steps?.map((s, i) => `${i + 1}. ${s}`).join('\n')],
  ];
  for (const [name, text] of parts) if (text) await allure.attachment(name, redact(text), allure.ContentType.TEXT);
}

/** The vitest `reporters` entry for allure-vitest, writing to `${reportDir}/allure-results`. */
export function allureReporterConfig(reportDir: string): [string, { resultsDir: string }] {
  return ['allure-vitest/reporter', { resultsDir: join(reportDir, 'allure-results') }];
}
