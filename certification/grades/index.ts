import type { Plan } from '../plan.js';
import type { Observation } from '../observations.js';
import { clientRequirements } from '../../contract/client-requirements.js';
import type { Grade } from './judge.js';
import { tokenRenew, tokenReuse } from './tokens.js';
import { sessionDevice, sessionFirst, sessionRenew } from './sessions.js';
import { noBlindRetry, noRetry4xx, retryAfter, retryBackoff, retryTransient } from './retries.js';
import { apiVersionSent, rate, tlsVersion, tokenNotPan } from './hygiene.js';

export type { Grade, GradeStatus } from './judge.js';

/** Every grade of contract/client-requirements.ts, from the observations alone, in catalogue order. */
export function gradeClient(list: readonly Observation[], plan: Plan): Grade[] {
  const grades = [
    tokenReuse(list, plan), tokenRenew(list), sessionFirst(list), sessionDevice(list), sessionRenew(list),
    retryTransient(list), retryAfter(list, plan), retryBackoff(list, plan), noBlindRetry(list), noRetry4xx(list),
    apiVersionSent(list), tlsVersion(list), tokenNotPan(list), rate(list, plan),
  ];
  const byId = new Map(grades.map((g) => [g.id, g]));
  // A row without a grading function would vanish from the report: make it loud instead.
  return clientRequirements.map((r) => byId.get(r.id) ?? { id: r.id, status: 'not-covered', reason: 'no grading function (harness bug)', evidence: [] });
}
