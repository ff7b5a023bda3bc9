import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotenv } from './dotenv.js';
import { openApiDocument } from '../contract/openapi.js';
import { loadProfile } from '../contract/profile.js';
import { exitOnConfigError } from './config-exit.js';

loadDotenv();
const profile = exitOnConfigError(() => loadProfile(process.env));
mkdirSync(profile.reportDir, { recursive: true });
const file = join(profile.reportDir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(openApiDocument({ scopeBase: profile.scopeBase, ...(profile.target ? { authUrl: profile.target.authUrl } : {}) }), null, 2)}\n`);
console.log(`OpenAPI 3.1 document written to ${file}`);
