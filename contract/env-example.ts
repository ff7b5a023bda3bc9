import { variables, type VariableSpec } from './profile-variables.js';

/** The text of `.env.example`, generated from the variable table so the two never drift. */
export function renderEnvExample(): string {
  const lines = [
    '# Target profile of partner-conformance. Copy to .env (dotenv loads it) and fill in what differs.',
    '# Every variable is optional: with none set, the embedded reference service is the target.',
    '# Regenerate with: npx tsx bin/env-example.ts',
    '',
  ];
  for (const [name, spec] of Object.entries(variables) as [string, VariableSpec][]) {
    lines.push(`# ${spec.explain}`, `# ${name}=${spec.example}`);
  }
  return `${lines.join('\n')}\n`;
}
