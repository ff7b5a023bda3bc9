/** `partner-conformance docs [--check]` (npm run docs): see bin/docs.ts. */
import { docsCommand } from './docs.js';

process.exitCode = docsCommand(process.argv.slice(2));
