import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staleDocs } from '../../bin/docs.js';
import { decisionAnchor, requirementAnchor } from '../../contract/catalogue.js';
import { decisions } from '../../contract/decisions.js';
import { operations } from '../../contract/operations.js';
import { requirements } from '../../contract/requirements.js';
import { readingCatalogue } from '../../reference/readings.js';

/** The catalogue and the register ship with the package; they must say what contract/ says. */
describe('docs/ generated from contract/', () => {
  it('is in step with contract/, checks/ and reference/', () => {
    expect(staleDocs(), 'docs/ is out of step with contract/: run `npm run docs` and commit docs/').toEqual([]);
  });

  it('has an anchor for every requirement and every decision', () => {
    const catalogue = readFileSync('docs/requirements.md', 'utf8');
    const register = readFileSync('docs/decisions.md', 'utf8');
    expect(requirements.filter((q) => !catalogue.includes(`<a id="${requirementAnchor(q.id)}"></a>`)).map((q) => q.id)).toEqual([]);
    expect(decisions.filter((d) => !register.includes(`<a id="${decisionAnchor(d.id)}"></a>`)).map((d) => d.id)).toEqual([]);
  });

  it('numbers the register without gaps and registers every decision a rule or reading names', () => {
    expect(decisions.map((d) => d.id)).toEqual(decisions.map((_, i) => `D${i + 1}`));
    const known = new Set(decisions.map((d) => d.id));
    const named = [
      ...requirements.flatMap((q) => q.decisions ?? []),
      ...operations.flatMap((op) => op.fields.flatMap((f) => f.decisions ?? [])),
      ...readingCatalogue.flatMap((r) => r.decision.match(/\bD\d+\b/g) ?? []),
    ];
    expect([...new Set(named.filter((id) => !known.has(id)))]).toEqual([]);
  });

  it('keeps README.md and DESIGN.md pointing only at files inside the repository', () => {
    for (const file of ['README.md', 'DESIGN.md']) {
      const text = readFileSync(file, 'utf8');
      const outside = [...text.matchAll(/\]\((\.\.\/[^)]*)\)|`(\.\.\/[^`]*)`|(\.\.\/shared\/\S*)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(outside, `${file} links outside the repository`).toEqual([]);
    }
  });
});
