import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ConfigError, loadProfile } from '../../contract/profile.js';
import { renderEnvExample } from '../../contract/env-example.js';
import { variables } from '../../contract/profile-variables.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadProfile(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n');
    throw error;
  }
}

describe('target profile', () => {
  it('defaults to the embedded reference when nothing is set', () => {
    const profile = loadProfile({});
    expect(profile.target).toBeUndefined();
    expect(profile).toMatchObject({ credentialsIn: 'basic', apiVersionIn: 'header', kind: 'sandbox', runs: 100, reportDir: 'reports' });
    expect(profile.partnerScope).toBe('https://api.example.test/auth/check-cashing');
  });

  it('names each bad variable on one line with what is wrong and an example', () => {
    expect(problemsOf({ TARGET_BASE_URL: 'ftp://x', TARGET_CREDENTIALS_IN: 'header', TARGET_CLIENT_ID: 'a', TARGET_CLIENT_SECRET: 'b' }))
      .toMatchInlineSnapshot(`
        [
          "TARGET_BASE_URL must be an https URL, received "ftp://x" (example: https://sandbox.partner.example)",
          "TARGET_CREDENTIALS_IN must be basic or body, received "header" (example: basic)",
        ]
      `);
  });

  it('never echoes a secret and requires credentials with an external target', () => {
    const lines = problemsOf({ TARGET_BASE_URL: 'https://sandbox.example', TARGET_CONCURRENCY: '0' });
    expect(lines).toContain('TARGET_CLIENT_SECRET is required when TARGET_BASE_URL is set (example: <from the PGP-encrypted credentials file>)');
    expect(lines.some((l) => l.startsWith('TARGET_CONCURRENCY must be above 0'))).toBe(true);
  });

  it('rejects a replay path without its seed and an unknown operation in TARGET_METHODS', () => {
    const lines = problemsOf({ CONFORMANCE_PATH: '1:2', TARGET_METHODS: 'Nope=GET' });
    expect(lines.some((l) => l.startsWith('CONFORMANCE_SEED is required with CONFORMANCE_PATH'))).toBe(true);
    expect(lines.some((l) => l.startsWith('TARGET_METHODS names an unknown operation Nope'))).toBe(true);
  });

  it('.env.example lists every variable with its explanation (regenerate: npx tsx bin/env-example.ts)', () => {
    expect(readFileSync('.env.example', 'utf8')).toBe(renderEnvExample());
    for (const name of Object.keys(variables)) expect(renderEnvExample()).toContain(`# ${name}=`);
  });

  it('npm run conformance with a bad profile exits 2 before any request, without a stack trace', () => {
    const run = spawnSync('npx', ['tsx', 'bin/conformance.ts'], {
      env: { ...process.env, TARGET_BASE_URL: 'ftp://x', TARGET_CREDENTIALS_IN: 'header' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('TARGET_BASE_URL must be an https URL, received "ftp://x"');
    expect(run.stderr).toContain('TARGET_CREDENTIALS_IN must be basic or body, received "header"');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
