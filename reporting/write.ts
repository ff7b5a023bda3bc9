import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './model.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';

export interface WriteOptions {
  readonly reportDir: string;
  /** Final pass over everything written (the client's Redactor). */
  readonly redact: (text: string) => string;
}

/** Writes summary.json, summary.md and junit.xml; returns the paths written. */
export function writeReports(summary: Summary, options: WriteOptions): string[] {
  mkdirSync(options.reportDir, { recursive: true });
  const files: Array<[string, string]> = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['summary.md', renderMarkdown(summary)],
    ['junit.xml', renderJunit(summary)],
  ];
  return files.map(([name, content]) => {
    const path = join(options.reportDir, name);
    writeFileSync(path, options.redact(content), 'utf8');
    return path;
  });
}

export { renderMarkdown, renderJunit };
