import type { RequirementId } from '../contract/requirements.js';
import type { CheckMeta, DerivedRequirement } from './define.js';
import * as access from './access.js';
import * as businessOutcomes from './business-outcomes.js';
import * as business from './business.js';
import * as errorBody from './error-body.js';
import * as fixtureAnswer from './fixture-answer.js';
import * as historyDefault from './history-default.js';
import * as historyFilter from './history-filter.js';
import * as history from './history.js';
import * as leak from './leak.js';
import * as mediaType from './media-type.js';
import * as networkAccess from './network-access.js';
import * as refusalGrants from './refusal-grants.js';
import * as sessionPairing from './session-pairing.js';
import * as problemShape from './problem-shape.js';
import * as problemMembers from './problem-members.js';
import * as problemInstance from './problem-instance.js';
import * as resources from './resources.js';
import * as status from './status.js';
import * as successBody from './success-body.js';
import * as token from './token.js';
import * as validationKeys from './validation-keys.js';
import * as problemDetail from './problem-detail.js';
import * as tokenCache from './token-cache.js';
import * as tokenUse from './token-use.js';
import * as versionPlace from './version-place.js';

/**
 * The one registry of checks, collected from the exports of the modules that define them: a
 * check exported from one of these is registered, and nothing else is. The catalogue, the docs
 * and the per-suite lists derive from it; `CheckId` is the type of its ids.
 */
export const checkModules = [
  status, mediaType, problemShape, problemMembers, problemInstance, problemDetail, tokenCache, validationKeys, business, successBody, errorBody, token, resources, leak,
  access, tokenUse, businessOutcomes, fixtureAnswer, history, historyFilter, historyDefault, networkAccess, versionPlace, refusalGrants, sessionPairing,
] as const;

type ChecksOf<M> = M extends unknown ? Extract<M[keyof M], CheckMeta> : never;
/** Every registered check value, with its own id and expectation types. */
export type RegisteredCheck = ChecksOf<(typeof checkModules)[number]>;
/** A check id: a misspelt one does not compile. */
export type CheckId = RegisteredCheck['id'];

/** The ids a finding may name (checks/finding.ts `FindingCheckId`): the registered checks'. */
declare module './finding.js' {
  interface RegisteredCheckIds extends Record<CheckId, true> {}
}

/** A value carrying check metadata (what defineCheck and defineInputCheck return). */
export function isCheck(value: unknown): value is CheckMeta {
  return typeof value === 'function' && typeof (value as Partial<CheckMeta>).id === 'string' && typeof (value as Partial<CheckMeta>).takes === 'string';
}

// Sorted by id within each module: runtimes list a module's exports in different orders (tsx sorts them, vitest does not).
const byId = (a: CheckMeta, b: CheckMeta): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const registry: readonly RegisteredCheck[] = checkModules.flatMap((m) => Object.values(m).filter(isCheck).sort(byId)) as RegisteredCheck[];

export function checkById(id: CheckId): RegisteredCheck {
  return registry.find((c) => c.id === id)!;
}

/** Every requirement id a check may name: its fixed one, or every id its derivation can give. */
export const requirementsNamedBy = (c: CheckMeta): readonly RequirementId[] =>
  typeof c.requirement === 'string' ? [c.requirement] : c.requirement.among;

/** The fixed requirement of a check, or undefined where the case decides it. */
export const fixedRequirement = (c: CheckMeta): RequirementId | undefined =>
  typeof c.requirement === 'string' ? c.requirement : undefined;

/**
 * The requirements a check that ran answers for on this case: its fixed requirement, or what
 * its rule derives from the expectation (statusMatches: each broken field's rule, the problem's
 * row, the refusal's requirement). Nothing where only the suite knows (the suite names it).
 */
export function answersFor<E>(check: CheckMeta | CheckId, expectation: E): readonly RequirementId[] {
  const c = typeof check === 'string' ? checkById(check) : check;
  if (typeof c.requirement === 'string') return [c.requirement];
  const derived = c.requirement as DerivedRequirement<E>;
  return derived.of ? derived.of(expectation) : [];
}
