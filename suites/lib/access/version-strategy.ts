import type { HarnessContext } from '../runner/context.js';

/**
 * The two documented ways of selecting the version (interface.md "The version is selected by a
 * header or a query string parameter, both named apiVersion"), the run's own first. A target may
 * route each to other code (blind11: a query-versioned AuthenticatePartner route had no
 * partner-denial check), so every access refusal is sent both ways.
 */
export type VersionStrategy = 'header' | 'query';

export function versionStrategies(ctx: HarnessContext): readonly [VersionStrategy, VersionStrategy] {
  const own = ctx.profile.apiVersionIn;
  return [own, own === 'header' ? 'query' : 'header'];
}

/**
 * The strategy of the `i`-th request of a series that repeats one refusal over many operations:
 * alternating from `offset` (the refusal's own index), so each refusal and each operation meets
 * both strategies over a run without a request more.
 */
export function alternatingStrategy(ctx: HarnessContext, i: number, offset = 0): VersionStrategy {
  return versionStrategies(ctx)[(i + offset) % 2]!;
}
