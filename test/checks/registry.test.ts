import { describe, expect, it } from 'vitest';
import * as all from '../../checks/index.js';
import { requirements } from '../../contract/requirements.js';

describe('check registry', () => {
  it('lists every exported check once, under its function name', () => {
    const listed = all.checks.map((c) => c.id);
    expect(new Set(listed).size).toBe(listed.length);
    for (const [id, c] of Object.entries(all.exchangeChecks)) {
      expect(c.id).toBe(id);
      expect(c.name).toBe(id);
      expect(listed).toContain(id);
    }
    for (const c of all.checks.filter((c) => c.takes === 'history')) expect(typeof (all as Record<string, unknown>)[c.id]).toBe('function');
  });
  it('names requirements that exist in contract/ where it names one', () => {
    const ids = new Set(requirements.map((r) => r.id));
    for (const c of all.checks.filter((c) => /^[A-Z0-9-]+$/.test(c.requirement))) expect(ids, c.id).toContain(c.requirement);
  });
});
