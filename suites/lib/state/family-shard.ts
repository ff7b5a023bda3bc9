/**
 * The shard of a run's family (suites/lib/state/family.ts), apart from the family itself:
 * bin/conformance.ts names it before it spawns the suites and must not load the generators to do so
 * (issue 29: every import before the spawn delays the first request).
 */

/** Set by bin/conformance.ts for its workers: the shard of `--shard=i/n` (0 when not sharded). */
export const familyShardVariable = 'CONFORMANCE_FAMILY_SHARD';

/** The shard of `--shard=i/n` among a run's arguments, 0 when there is none. */
export function shardOf(args: readonly string[]): number {
  const arg = args.find((a) => a.startsWith('--shard='));
  const index = Number(arg?.slice('--shard='.length).split('/')[0]);
  return Number.isInteger(index) && index > 0 ? index : 0;
}
