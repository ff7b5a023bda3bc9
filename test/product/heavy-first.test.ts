import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../reporting/package.js';
import { heavyFirst } from '../support/heavy-first-sequencer.js';

describe('the self-tests start their longest run files first', () => {
  it('names only run files that exist (a renamed file would silently go back to the end)', () => {
    const missing = heavyFirst.filter((file) => !file.endsWith('.run.test.ts') || !existsSync(join(packageRoot, file)));
    expect(missing).toEqual([]);
  });
});
