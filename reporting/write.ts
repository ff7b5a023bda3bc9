import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './model.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';
import { renderCertificate } from './certificate.js';
import { harnessVersion, requirementLinker } from './package.js';

export interface WriteOptions {
  readonly reportDir: string;
  /** The run's seed and profile, when the summary does not hold them (summary.run does since issue 30). */
  readonly run?: { readonly seed?: number; readonly profile?: string };
}

/**
 * Writes summary.json, summary.md, junit.xml and certificate.html; returns the paths written.
 * Nothing here redacts: the summary's text came redacted from the workers' ResultSink (reporting/recorder.ts).
 * This process knows only the client secrets, which every worker learnt before its first request,
 * and none of the tokens, session ids or SSNs.
 */
const summaryRun = (s: Summary): { seed?: number; profile?: string } =>
  ({ ...(s.run?.seed !== undefined ? { seed: s.run.seed } : {}), ...(s.run?.profile ? { profile: s.run.profile } : {}) });

export function writeReports(summary: Summary, options: WriteOptions): string[] {
  mkdirSync(options.reportDir, { recursive: true });
  const requirementLink = requirementLinker(options.reportDir);
  const files: Array<[string, string]> = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['summary.md', renderMarkdown(summary, { requirementLink })],
    ['junit.xml', renderJunit(summary)],
    ['certificate.html', renderCertificate(summary, { ...summaryRun(summary), ...options.run, harnessVersion, requirementLink })],
  ];
  return files.map(([name, content]) => {
    const path = join(options.reportDir, name);
    writeFileSync(path, content, 'utf8');
    return path;
  });
}

export { renderMarkdown, renderJunit, renderCertificate };
