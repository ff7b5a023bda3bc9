import { writeFileSync } from 'node:fs';
import { renderEnvExample } from '../contract/env-example.js';

writeFileSync('.env.example', renderEnvExample());
console.log('.env.example written');
