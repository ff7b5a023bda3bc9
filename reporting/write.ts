import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './model.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';
import { renderCertificate } from './certificate.js';
import { harnessVersion, requirementLinker } from './package.js';

export interface WriteOptions {
  readonly reportDir: string;
  /** Final pass over everything written (the client's Redactor). */
  readonly redact: (text: string) => string;
  /** What the summary does not hold and the certificate names: the run's seed and profile. */
  readonly run?: { readonly seed?: number; readonly profile?: string };
}

/** Every string of a value passed through `redact`, before a renderer escapes it (an escaped secret no longer matches). */
function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, redact)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactStrings(v, redact)])) as T;
  return value;
}

/** Writes summary.json, summary.md, junit.xml and certificate.html; returns the paths written. */
export function writeReports(unredacted: Summary, options: WriteOptions): string[] {
  mkdirSync(options.reportDir, { recursive: true });
  const summary = redactStrings(unredacted, options.redact);
  const requirementLink = requirementLinker(options.reportDir);
  const files: Array<[string, string]> = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['summary.md', renderMarkdown(summary, { requirementLink })],
    ['junit.xml', renderJunit(summary)],
    ['certificate.html', renderCertificate(summary, { ...options.run, harnessVersion, requirementLink })],
  ];
  return files.map(([name, content]) => {
    const path = join(options.reportDir, name);
    writeFileSync(path, options.redact(content), 'utf8');
    return path;
  });
}

export { renderMarkdown, renderJunit, renderCertificate };
