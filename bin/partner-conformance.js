#!/usr/bin/env node
// The installed command. The harness is TypeScript run by tsx (a runtime dependency), so the
// launcher registers tsx's loader in this process and hands over to bin/cli.ts.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
