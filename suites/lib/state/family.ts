import { familyPerson, type PersonalData } from '../../../generators/index.js';
import type { HarnessContext } from '../runner/context.js';
import { familyShardVariable } from './family-shard.js';

/**
 * Where the identities a run can use again sit in its family (generators/family.ts): one slot per
 * use and shard. A use belongs to one place that runs one case at a time (the run's pool, made once
 * under a lock; one model property, run in one suite file and so in one worker; the business
 * suite's customer with a known card; the ownership and concurrency scenarios' own customer and
 * stranger; the cards and linked-accounts models' other customers, one slot per place in the sequence), so
 * no two workers of a run ever hold one slot. Lanes of generators/fresh.ts are not used: a suite
 * file gets another lane each night, and the slot must be the same every night for the next night
 * to find it. Shards of one nightly run at once, each with uses of its own
 * (CONFORMANCE_FAMILY_SHARD, set by bin/conformance.ts from --shard=i/n).
 */
export const familyUses = [
  'pool', 'model:customers', 'model:cards', 'model:linked-accounts', 'business:known-card',
  'ownership:holder', 'ownership:deleted-card', 'concurrency:card-writes',
  // Appended, never inserted: a slot's place is its identity on the nights that follow.
  // Customers that only need to exist beside the subject (footprint2): the models' other customers and the ownership stranger.
  'model:cards#2', 'model:linked-accounts#2', 'model:linked-accounts#3', 'ownership:stranger',
  // footprint3: the history suite's customer, used where its history is empty once its cards are gone (history/family-customer.ts).
  'history',
  // footprint4: the versioning suite's EnrollCustomer with apiVersion the other way, enrolled the first night, D16's refusal after.
  'versioning',
] as const;
export type FamilyUse = (typeof familyUses)[number];

/** Shards a family tells apart; uses per shard leave room for more. */
const maxShards = 64;
const usesPerShard = 16;

export function familySlot(use: FamilyUse, env: NodeJS.ProcessEnv = process.env): number {
  const shard = Number(env[familyShardVariable] ?? 0);
  return ((Number.isInteger(shard) && shard >= 0 ? shard : 0) % maxShards) * usesPerShard + familyUses.indexOf(use);
}

export interface FamilyMember {
  readonly slot: number;
  readonly person: PersonalData;
}

/** The family identity of `use`, or undefined where the run has no family (the embedded reference: it starts empty). */
export function familyMember(ctx: HarnessContext, use: FamilyUse): FamilyMember | undefined {
  const family = ctx.profile.family;
  if (!family) return undefined;
  const slot = familySlot(use);
  return { slot, person: familyPerson(family, slot) };
}
