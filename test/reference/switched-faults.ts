import ts from 'typescript';

/**
 * The reference faults a set of test sources switches on, read from their syntax (TypeScript
 * compiler API), not their text: a fault named only in a comment, a test title or a message
 * is not switched on. A fault name counts where it is given as a fault:
 * - the value of a property, variable or parameter named `fault`, `faults` or `...Faults`
 *   (`{ fault: 'x' }`, `faults: ['x']`, `const faults = [...]`, `moreFaults: [...]`),
 *   through arrays, spreads, conditionals and `as`;
 * - a comma-separated `REFERENCE_FAULTS: 'x,y'`;
 * - an argument to a parameter that a function declared in the sources hands on as a fault
 *   (`runSuites(['history'], ['x'])`, `history('x', 'check')`);
 * - a key of an object literal held by a variable named `fault...` (a table keyed by fault).
 */
export interface TestSource {
  readonly fileName: string;
  readonly text: string;
}

const faultName = /^(faults?|[a-zA-Z]+Faults?|REFERENCE_FAULTS)$/;
const tableName = /^fault/i;

const nameOf = (n: ts.Node | undefined): string | undefined =>
  n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined;

/** What a fault-valued expression hands on, through arrays, spreads, conditionals and `as`: literals and variables. */
function valuesOf(e: ts.Expression | undefined, out: { literals: string[]; names: string[] } = { literals: [], names: [] }) {
  if (!e) return out;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) out.literals.push(...e.text.split(',').map((x) => x.trim()));
  else if (ts.isIdentifier(e)) out.names.push(e.text);
  else if (ts.isArrayLiteralExpression(e)) e.elements.forEach((x) => valuesOf(x, out));
  else if (ts.isSpreadElement(e) || ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) valuesOf(e.expression, out);
  else if (ts.isConditionalExpression(e)) {
    valuesOf(e.whenTrue, out);
    valuesOf(e.whenFalse, out);
  }
  return out;
}

/** Function name → indexes of the parameters it hands on as faults. */
type Takers = ReadonlyMap<string, readonly number[]>;

/** The expressions under `root` given as faults, and the keys of tables keyed by fault. */
function faultExpressions(root: ts.Node, takers: Takers): { given: ts.Expression[]; keys: string[] } {
  const given: ts.Expression[] = [];
  const keys: string[] = [];
  const visit = (n: ts.Node): void => {
    const holder = ts.isPropertyAssignment(n) || ts.isVariableDeclaration(n) || ts.isParameter(n) ? n : undefined;
    if (holder?.initializer && faultName.test(nameOf(holder.name) ?? '')) given.push(holder.initializer);
    if (ts.isShorthandPropertyAssignment(n) && faultName.test(n.name.text)) given.push(n.name);
    if (ts.isVariableDeclaration(n) && tableName.test(nameOf(n.name) ?? '') && n.initializer && ts.isObjectLiteralExpression(n.initializer))
      keys.push(...n.initializer.properties.map((p) => nameOf(p.name)).filter((k): k is string => !!k));
    if (ts.isCallExpression(n)) {
      const callee = ts.isIdentifier(n.expression) ? n.expression.text : ts.isPropertyAccessExpression(n.expression) ? n.expression.name.text : '';
      for (const i of takers.get(callee) ?? []) if (n.arguments[i]) given.push(n.arguments[i]!);
    }
    ts.forEachChild(n, visit);
  };
  visit(root);
  return { given, keys };
}

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** Declared functions by name: `function f(...)` and `const f = (...) =>`. */
function functionsIn(files: readonly ts.SourceFile[]): Map<string, FunctionLike> {
  const out = new Map<string, FunctionLike>();
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) && n.name) out.set(n.name.text, n);
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer)))
      out.set(n.name.text, n.initializer);
    ts.forEachChild(n, visit);
  };
  files.forEach(visit);
  return out;
}

/** Functions that hand a parameter on as a fault, directly or through another such function. */
function faultTakers(files: readonly ts.SourceFile[]): Takers {
  const takers = new Map<string, number[]>();
  const functions = functionsIn(files);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, f] of functions) {
      if (takers.has(name) || !f.body) continue;
      const handed = new Set(faultExpressions(f.body, takers).given.flatMap((e) => valuesOf(e).names));
      const at = f.parameters.flatMap((p, i) => (handed.has(nameOf(p.name) ?? '') ? [i] : []));
      if (at.length) {
        takers.set(name, at);
        grew = true;
      }
    }
  }
  return takers;
}

const parse = (s: TestSource) => ts.createSourceFile(s.fileName, s.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** Every fault name in `known` the sources switch on; `helpers` only lend their functions (test/support). */
export function switchedFaults(sources: readonly TestSource[], known: ReadonlySet<string>, helpers: readonly TestSource[] = []): Set<string> {
  const files = sources.map(parse);
  const takers = faultTakers([...files, ...helpers.map(parse)]);
  const found = new Set<string>();
  for (const file of files) {
    const { given, keys } = faultExpressions(file, takers);
    for (const name of [...given.flatMap((e) => valuesOf(e).literals), ...keys]) if (known.has(name)) found.add(name);
  }
  return found;
}
