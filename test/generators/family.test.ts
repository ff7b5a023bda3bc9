import { describe, expect, it } from 'vitest';
import { assertedValidRegExp } from '../../contract/index.js';
import { familyPerson, familySpace, FreshValues, maxLanes } from '../../generators/index.js';
import { familySlot, familyUses } from '../../suites/lib/state/family.js';
import { shardOf } from '../../suites/lib/state/family-shard.js';
import { loadProfile } from '../../contract/profile.js';

/**
 * Issue 30 item 6: the run family's identities are the same every night, differ from slot to
 * slot, and never meet a value the harness calls new (fresh SSNs keep to areas 001-599).
 */
const family = 'a'.repeat(64);
const area = (ssn: string) => Number(ssn.slice(0, 3));

describe('run family identities', () => {
  it('are stable per slot, distinct across slots, valid, and in areas 600-665', () => {
    const slots = Array.from({ length: 64 * 16 }, (_, i) => i);
    const people = slots.map((s) => familyPerson(family, s));
    expect(familyPerson(family, 17)).toEqual(people[17]);
    expect(new Set(people.map((p) => p.ssn)).size).toBe(slots.length);
    expect(new Set(people.map((p) => p.emailAddress)).size).toBe(slots.length);
    for (const p of people) {
      expect(area(p.ssn)).toBeGreaterThanOrEqual(600);
      expect(area(p.ssn)).toBeLessThanOrEqual(665);
      expect(p.ssn).toMatch(assertedValidRegExp('ssn'));
      expect(p.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(familyPerson('b'.repeat(64), 17).ssn).not.toBe(people[17]!.ssn);
    expect(() => familyPerson(family, familySpace)).toThrow(/outside/);
  });

  it('never meet a fresh SSN: fresh values keep to areas 001-599 in every lane', () => {
    for (const lane of [0, 1, maxLanes - 1]) {
      const fresh = new FreshValues({ run: 0x5eed + lane, lane });
      for (let i = 0; i < 2_000; i += 1) expect(area(fresh.ssn())).toBeLessThan(600);
    }
  });

  it('give each use of each shard a slot of its own', () => {
    const slots = [0, 1, 2, 3].flatMap((shard) => familyUses.map((use) => familySlot(use, { CONFORMANCE_FAMILY_SHARD: String(shard) })));
    expect(new Set(slots).size).toBe(slots.length);
    expect(shardOf(['--shard=2/3'])).toBe(2);
    expect(shardOf(['suites/x.conformance.ts'])).toBe(0);
  });

  it('are keyed by a hash of the target and client id, or of CONFORMANCE_FAMILY; the embedded reference has none', () => {
    const target = { TARGET_BASE_URL: 'https://sandbox.partner.example', TARGET_CLIENT_ID: 'client-a', TARGET_CLIENT_SECRET: 's' };
    const key = loadProfile(target).family!;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('client-a');
    expect(loadProfile({ ...target, TARGET_BASE_URL: 'https://sandbox.partner.example/' }).family).toBe(key);
    expect(loadProfile({ ...target, TARGET_CLIENT_ID: 'client-b' }).family).not.toBe(key);
    expect(loadProfile({ ...target, CONFORMANCE_FAMILY: 'nightly' }).family).not.toBe(key);
    expect(loadProfile({}).family).toBeUndefined();
    expect(() => loadProfile({ CONFORMANCE_FAMILY: 'two words' })).toThrow(/CONFORMANCE_FAMILY/);
  });
});
