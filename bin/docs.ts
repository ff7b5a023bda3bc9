/**
 * `npm run docs`: writes docs/requirements.md and docs/decisions.md from contract/.
 * `--check` writes nothing and exits 1 naming each file that is out of step (the self-test and CI
 * use it), so a changed requirement row cannot ship with a stale catalogue.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRoot } from '../reporting/package.js';
import { docFiles } from './docs-render.js';

/** The files under `root` whose text differs from what contract/ generates. */
export function staleDocs(root: string = packageRoot): string[] {
  return Object.entries(docFiles())
    .filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text)
    .map(([path]) => path);
}

export function writeDocs(root: string = packageRoot): string[] {
  return Object.entries(docFiles()).map(([path, text]) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text, 'utf8');
    return path;
  });
}

export function docsCommand(args: readonly string[]): number {
  if (args.includes('--check')) {
    const stale = staleDocs();
    if (stale.length === 0) return 0;
    console.error(`Out of step with contract/: ${stale.join(', ')}. Run \`npm run docs\` and commit the result.`);
    return 1;
  }
  for (const path of writeDocs()) console.log(`written ${path}`);
  return 0;
}
