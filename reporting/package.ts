import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFiles, requirementAnchor } from '../contract/catalogue.js';

/**
 * The installed package, wherever it is: reports link into its docs/ and name its version, so
 * they must not assume the current directory is a checkout of this repository.
 */
export const packageRoot: string = dirname(dirname(fileURLToPath(import.meta.url)));

export const harnessVersion: string =
  (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The catalogue pages the reports link to (they link to each other), copied next to the reports:
 * a link into the installed package would break once the report directory is moved or downloaded
 * as a CI artifact.
 */
const cataloguePages: readonly string[] = [catalogueFiles.requirements, catalogueFiles.decisions, 'docs/client-requirements.md'];

export function copyCatalogue(reportDir: string): void {
  for (const page of cataloguePages) {
    const from = join(packageRoot, page);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(reportDir, page)), { recursive: true });
    copyFileSync(from, join(reportDir, page));
  }
}

/** The link from a report written in `reportDir` to a requirement's catalogue entry (its copy in `reportDir/docs/`). */
export function requirementLinker(reportDir: string): (id: string) => string {
  copyCatalogue(reportDir);
  return (id) => `${catalogueFiles.requirements}#${requirementAnchor(id)}`;
}
