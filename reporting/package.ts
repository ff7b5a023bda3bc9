import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFiles, requirementAnchor } from '../contract/catalogue.js';

/**
 * The installed package, wherever it is: reports link into its docs/ and name its version, so
 * they must not assume the current directory is a checkout of this repository.
 */
export const packageRoot: string = dirname(dirname(fileURLToPath(import.meta.url)));

export const harnessVersion: string =
  (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** The link from a report written in `reportDir` to a requirement's catalogue entry. */
export function requirementLinker(reportDir: string): (id: string) => string {
  const file = relative(reportDir, join(packageRoot, catalogueFiles.requirements)).split(sep).join('/');
  return (id) => `${file}#${requirementAnchor(id)}`;
}
