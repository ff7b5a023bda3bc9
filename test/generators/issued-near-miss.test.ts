import { describe, expect, it } from 'vitest';
import { issuedNearMiss, issuedNearMisses } from '../../generators/index.js';

/** The near misses of an issued value (operator issued-token-near-miss): each differs from it, keeps its alphabet, and the changed ones keep its length. */
describe('issuedNearMiss', () => {
  const values = ['3f2b6c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c', 'q2VdLr9sXk3ZpA7mNw1TbYc5HuEoJf0GiKl8SzRa4xQ'];
  it.each(values)('changes %s at its end, in its middle, and cuts it short', (value) => {
    for (const kind of issuedNearMisses) {
      const near = issuedNearMiss(value, kind);
      expect(near, kind).not.toBe(value);
      expect(/^[A-Za-z0-9-]+$/.test(near), kind).toBe(true);
      if (kind === 'cut-short') expect(value.startsWith(near)).toBe(true);
      else expect(near).toHaveLength(value.length);
    }
    expect(issuedNearMiss(value, 'end-changed').slice(0, -1)).toBe(value.slice(0, -1));
    expect(issuedNearMiss(value, 'middle-changed').slice(0, 16)).toBe(value.slice(0, 16));
    // A GUID keeps its dashes: the near miss is still well formed, so only the compare can let it through.
    expect(issuedNearMiss(value, 'middle-changed').replace(/[A-Za-z0-9]/g, '')).toBe(value.replace(/[A-Za-z0-9]/g, ''));
  });
});
