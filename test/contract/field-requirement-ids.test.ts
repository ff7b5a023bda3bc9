import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fieldRequirementId, operations, requirements, type FieldRuleKind } from '../../contract/index.js';

/**
 * FieldRequirementId is computed by the compiler from the field tables, restating for it the rules
 * fieldRequirements applies at run time. If the two drifted, either a misspelt id would compile
 * (the type too wide) or a real one would not (too narrow): the compiler's own list of the type's
 * members must equal the catalogue's field-rule ids.
 */

const kinds: readonly FieldRuleKind[] = ['REQUIRED', 'LENGTH', 'FORMAT', 'TYPE', 'RANGE'];
const catalogued = new Set<string>(requirements.map((r) => r.id));
const catalogueFieldIds = operations
  .flatMap((op) => op.fields.flatMap((f) => kinds.map((k): string => fieldRequirementId(op, f, k))))
  .filter((id) => catalogued.has(id));

function typeMembers(file: string, alias: string): { literals: string[]; others: string[] } {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json unreadable');
  const program = ts.createProgram([`${root}${file}`], config.options);
  const source = program.getSourceFile(`${root}${file}`);
  const declaration = source?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === alias);
  if (!declaration) throw new Error(`${alias} not declared in ${file}`);
  const type = program.getTypeChecker().getTypeAtLocation(declaration.name);
  const members = type.isUnion() ? type.types : [type];
  const checker = program.getTypeChecker();
  return {
    literals: members.filter((t): t is ts.StringLiteralType => t.isStringLiteral()).map((t) => t.value),
    others: members.filter((t) => !t.isStringLiteral()).map((t) => checker.typeToString(t)),
  };
}

describe('field-rule requirement ids as a type', () => {
  it('are exactly the field-rule ids of the catalogue, each one a literal', () => {
    const { literals, others } = typeMembers('contract/requirements.ts', 'FieldRequirementId');
    expect(others).toEqual([]);
    expect(catalogueFieldIds.length).toBeGreaterThan(100);
    expect([...literals].sort()).toEqual([...catalogueFieldIds].sort());
  });
});
