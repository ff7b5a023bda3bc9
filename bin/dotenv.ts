import { config } from 'dotenv';

/**
 * Loads `.env` of the current directory into process.env (a variable already set wins), or the
 * file DOTENV_CONFIG_PATH names instead (dotenv's own variable, as `node -r dotenv/config` reads
 * it). The self-tests name the null device there, so a developer's .env never reaches the runs
 * they start (test/support/seal.ts).
 */
export function loadDotenv(): void {
  const path = process.env.DOTENV_CONFIG_PATH;
  config({ quiet: true, ...(path ? { path } : {}) });
}
