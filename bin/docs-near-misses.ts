import { nearMissClasses, openDecision, openTextFields } from '../contract/index.js';

/** docs/near-misses.md: every class of "almost valid" value the generators build, with its backing. */
export const nearMissesFile = 'docs/near-misses.md';

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function renderNearMisses(): string {
  const rows = nearMissClasses.map((c) =>
    `| ${c.format} | \`${c.violation}\` | ${cell(c.example)} | ${c.verdict === 'fails' ? 'fails a target' : `observed (${openDecision(c)})`} | ${cell(c.backing)} |`);
  return [
    '# Near misses: almost valid values and what backs each',
    '',
    'Generated from `contract/near-misses.ts` by `npm run docs`; do not edit by hand.',
    '',
    'A near miss fails a target only where the interface\'s own words, or a decision\'s "asserts"',
    'column, exclude it. Where the only argument would be that a strict parser rejects it, a',
    'conformant but lenient target may accept it: the harness sends it, judges only the form of',
    'the answer (never 5xx; a refusal is a JSON error naming the field and blaming no other) and',
    'names in the report what the target did. A generator that emits a class without a row here',
    'stops with NEAR_MISS_UNBACKED.',
    '',
    '| format | class | example | verdict | backing |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '## Values the document leaves open (D40)',
    '',
    `Characters outside printable ASCII in the free-text fields (${openTextFields.join(', ')}) and JSON`,
    '`null` in those that are optional: observed, with the generic contract judged.',
    '',
    'Length violations are backed by each field\'s length column (D12 and D28 say where a column is',
    'not asserted); missing, empty, null-in-a-required-field and wrong-type values by the',
    '"Required" and "Type" columns.',
    '',
    '## Another JSON type that carries the valid value',
    '',
    'A string member given a JSON number, boolean or array that a coercing binder reads back as its',
    'valid value (`"ssn": 123456789`, `"Value": 3` for a count, `["x"]`) fails a target on the',
    'field\'s TYPE row, as the constants (-1.5, {}) do. This is no near miss of the value but another',
    'type: the Type column is the document\'s own words, and the register opens a JSON type only',
    'where it names one (D11: allowTexts as a string or a boolean). A binder\'s leniency (Jackson\'s',
    'scalar coercion, ajv\'s coerceTypes) is a setting the document does not grant.',
    '',
  ].join('\n');
}
