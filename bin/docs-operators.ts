import { applicablePairs, contractCells, operatorCatalogue, type Operator } from '../contract/operators/index.js';

/** docs/operators.md: the operator catalogue (issue 27), generated from contract/operators/ by `npm run docs`. */
export const operatorsFile = 'docs/operators.md';

const cell = (s: string) => s.replace(/\|/g, '\\|');
const cells = contractCells();

/** The cells an operator applies to, by what it asserts there (`rejected: EnrollCustomer body ssn, ...`). */
function cellsByAssertion(o: Operator): string {
  const mine = cells.filter((c) => o.appliesTo(c));
  const by = new Map<string, string[]>();
  for (const c of mine) by.set(o.asserts(c), [...(by.get(o.asserts(c)) ?? []), c.id]);
  return [...by].map(([assertion, ids]) => `**${assertion}** (${ids.length}): ${ids.join(', ')}`).join('<br>');
}

export function renderOperators(): string {
  const families = [...new Set(operatorCatalogue.map((o) => o.family))];
  const pairs = applicablePairs();
  return [
    '# Operator catalogue: published fuzzing moves applied to every cell they fit',
    '',
    'Generated from `contract/operators/` by `npm run docs`; do not edit by hand.',
    '',
    'Each operator is one move of a published API fuzzer or checker (CATS, RESTler, the OWASP API',
    'Security Top 10, Schemathesis), written as data: the cells of the contract it applies to',
    '(every body member, query parameter, header, allowed attribute and operation, derived from',
    '`contract/`), and the most the decision register lets it assert there:',
    '',
    '- **rejected**: the value breaks a documented rule; the answer is a 400 naming the field (several cells share a request: the answer names every invalid key, D14);',
    '- **open**: the register leaves it open; only the generic contract is judged (never 5xx, a 4xx carries a JSON error body naming no field sent valid) and the report names what the target did;',
    '- **served-as-valid**: the request is valid in substance and must be served as the plain valid request is.',
    '',
    `${operatorCatalogue.length} operators apply to ${pairs.length} operator x cell pairs. A default run sends every pair at least once, whatever the seed`,
    '(each report says how many it sent and why any was left out: the production profile, a variable not set, a narrowed run).',
    '',
    ...families.flatMap((family) => [
      `## ${family}`, '',
      '| operator | sends | counterparts | backing | cells and what is asserted |',
      '|---|---|---|---|---|',
      ...operatorCatalogue.filter((o) => o.family === family).map((o) =>
        `| \`${o.id}\` | ${cell(o.sends)} | ${cell(o.counterparts.map((c) => `${c.tool} ${c.name}`).join('; '))} | ${cell(o.backing.join('; '))}${o.needs ? `; needs ${o.needs}` : ''} | ${cell(cellsByAssertion(o)) || 'none in this contract'} |`),
      '',
    ]),
  ].join('\n');
}
