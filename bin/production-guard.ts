import type { Profile } from '../contract/profile.js';
import { operations } from '../contract/operations.js';

/**
 * Under TARGET_PROFILE=production the suites send no write; a run whose selection asks
 * for writing operations by name would only be skipped, so it is refused up front
 * unless TARGET_ALLOW_WRITES=true says the user means it.
 */
export function refuseUnsafeProduction(profile: Profile): void {
  if (profile.kind !== 'production' || profile.allowWrites) return;
  const writing = operations.filter((o) => o.writes && profile.only.includes(o.id)).map((o) => o.id);
  if (writing.length === 0) return;
  console.error(
    `Refusing to start: TARGET_PROFILE=production and CONFORMANCE_ONLY selects ${writing.join(', ')}, which create, change or delete data. ` +
      'Set TARGET_ALLOW_WRITES=true to allow writes to production, or remove them from the selection.',
  );
  process.exit(2);
}
