import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requirementAnchor } from '../contract/catalogue.js';
import { copyCatalogue, harnessVersion } from '../reporting/package.js';
import type { ClientReport } from './report.js';
import { renderClientCertificate } from './render/certificate.js';
import { renderClientJunit } from './render/junit.js';
import { renderClientMarkdown } from './render/markdown.js';

/** Where the client requirement catalogue is generated (`npm run docs`). */
export const clientCatalogueFile = 'docs/client-requirements.md';

/** The link from a report written in `reportDir` to a client requirement's catalogue entry. */
export function clientRequirementLinker(reportDir: string): (id: string) => string {
  copyCatalogue(reportDir);
  return (id) => `${clientCatalogueFile}#${requirementAnchor(id)}`;
}

/**
 * Writes client-summary.json/.md, client-junit.xml and client-certificate.html beside a
 * conformance run's reports (distinct names: one REPORT_DIR may hold both). The report is
 * already redacted; `redact` is the final pass over every file, as for a conformance run.
 */
export function writeClientReports(report: ClientReport, reportDir: string, redact: (text: string) => string): string[] {
  mkdirSync(reportDir, { recursive: true });
  const requirementLink = clientRequirementLinker(reportDir);
  const files: Array<[string, string]> = [
    ['client-summary.json', `${JSON.stringify(report, null, 2)}\n`],
    ['client-summary.md', renderClientMarkdown(report, requirementLink)],
    ['client-junit.xml', renderClientJunit(report)],
    ['client-certificate.html', renderClientCertificate(report, { harnessVersion, requirementLink })],
  ];
  return files.map(([name, content]) => {
    const path = join(reportDir, name);
    writeFileSync(path, redact(content), 'utf8');
    return path;
  });
}
