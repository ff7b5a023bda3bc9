import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../reporting/package.js';

/** vitest options whose value may follow as the next argument: that argument is no file filter. */
const takesValue = new Set(['-t', '--testNamePattern', '--shard', '--bail', '--project', '--reporter']);

/** The suite files, as the filters of `npm run conformance -- <filter>` name them (a part of the path). */
export function suiteFiles(root: string = packageRoot): string[] {
  return readdirSync(join(root, 'suites')).filter((f) => f.endsWith('.conformance.ts')).sort().map((f) => `suites/${f}`);
}

/** The arguments vitest reads as file filters: not an option, not an option's value. */
export function fileFilters(args: readonly string[]): string[] {
  return args.filter((a, i) => !a.startsWith('-') && !(i > 0 && takesValue.has(args[i - 1]!)));
}

/**
 * File filters that name no suite file. vitest runs nothing for them and the run would end
 * "INCONCLUSIVE (exit 3)" as though the target had failed: a mistyped name is the user's, so the
 * run stops before anything is sent, with the names that exist.
 */
export function unmatchedFilters(args: readonly string[], files: readonly string[] = suiteFiles(), root: string = packageRoot): string[] {
  return fileFilters(args).filter((f) => !files.some((file) => file.includes(f) || join(root, file).includes(f)));
}

/** The one-line message for unmatched filters. */
export function unmatchedFiltersMessage(unmatched: readonly string[], files: readonly string[] = suiteFiles()): string {
  const names = files.map((f) => f.replace(/^suites\//, '').replace(/\.conformance\.ts$/, ''));
  return `No suite file matches ${unmatched.map((f) => `"${f}"`).join(', ')}: give a part of a suite file's path (${names.join(', ')}), or no filter to run them all; nothing was sent.`;
}
