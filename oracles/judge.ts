import type { Exchange } from '../client/index.js';
import { answersFor } from '../checks/registry.js';
import { businessErrorCode } from '../checks/error-row.js';
import { transportBroken } from '../checks/index.js';
import type { Finding } from '../checks/finding.js';
import type { RequirementId } from '../contract/requirements.js';
import { responseKey } from '../reporting/coverage.js';
import type { CaseOutcome } from './outcome.js';
import { observedEntries } from './outcome.js';
import { ownReasonRefusal, refusalNote } from './refusals.js';
import { answeredRow, rowOpenChecks, rowShapeChecks } from './answer-row.js';
import { answeredResourceOracles } from './answer-resource.js';
import { answeredStatusOracles } from './answer-status.js';

/**
 * The one judge: an exchange and what it is expected to show go in, the case outcome comes out.
 * Field rules, business scenarios, access, history and model cases differ only in the oracles
 * they expect, never in how an exchange is judged, so a rule about judging (transport trouble
 * proves nothing; a D37 refusal is observed, not passed) holds for all of them at once.
 */

import { oracle, type Oracle } from './oracle.js';

export { oracle, type Oracle };

/** D37: where a refusal for the target's own reasons is observed rather than judged. */
export interface OwnRefusalRule {
  /** Codes the case judges as documented answers (an Errors-table row): no refusal of its own. */
  readonly foreseen: readonly string[];
  /** The requirement the refusal is observed under. */
  readonly requirement: RequirementId;
  /** What was refused, for the note ("a valid payload"). */
  readonly what: string;
}

/** What one exchange is expected to show. */
export interface Expected {
  readonly oracles: readonly Oracle[];
  readonly ownRefusal?: OwnRefusalRule;
  /** The expectation itself says which Errors-table row the answer is judged by (a field case's, field-case.ts): the judge adds none. */
  readonly rowDecided?: boolean;
}

/**
 * The Problem-member oracles of the row the answer carries (answer-row.ts), for every answer the
 * case judges, wherever it was sent: a business scenario, a model step, an ownership or
 * concurrency case. None where the case decides the row itself, only scans the answer, leaves
 * the row open (D4, D15/D16, D19, D20, D30) or meets a refusal for the target's own reasons
 * (D37: observed, never failed); none the case already runs.
 */
function answerRowOracles(x: Exchange, expected: Expected, refused: boolean): Oracle[] {
  const { oracles } = expected;
  if (expected.rowDecided || refused || !oracles.some((o) => !o.scan) || oracles.some((o) => rowOpenChecks.includes(o.id) && o.leavesRowOpen !== false)) return [];
  return answeredRowOracles(x).filter((r) => !oracles.some((o) => o.id === r.id));
}

/**
 * The resource oracles of a success (answer-resource.ts), for every answer the case judges, as the
 * row oracles are for errors: none where the case only scans the answer or meets a refusal for the
 * target's own reasons (D37); none the case already runs.
 */
function answerResourceOracles(x: Exchange, expected: Expected, refused: boolean): Oracle[] {
  const { oracles } = expected;
  if (refused || !oracles.some((o) => !o.scan)) return [];
  return answeredResourceOracles(x).filter((r) => !oracles.some((o) => o.id === r.id));
}

/** What an answer of its status carries (answer-status.ts), for every answer the case judges: none where it only scans; none the case already runs. */
function answerStatusOracles(x: Exchange, expected: Expected): Oracle[] {
  const { oracles } = expected;
  if (!oracles.some((o) => !o.scan)) return [];
  return answeredStatusOracles(x).filter((r) => !oracles.some((o) => o.id === r.id));
}

/** The Problem-member oracles of the Errors-table row `x` answers with (answer-row.ts); none for any other answer. */
export function answeredRowOracles(x: Exchange): Oracle[] {
  const row = answeredRow(x);
  if (!row) return [];
  const e = { kind: 'problem' as const, operation: x.request.operation, row: row.key };
  return rowShapeChecks.map((c) => oracle<typeof e>(c, e, ...answersFor(c, e)));
}

/**
 * Judges `x`: transport trouble makes the case broken and runs nothing; each oracle that applies
 * is run and its requirements are checked. On a refusal for the target's own reasons the oracles
 * that judge an acceptance are not run and their requirements stay unchecked: the refusal is
 * observed, never a pass and never a failure.
 */
export function judge(x: Exchange, expected: Expected): CaseOutcome {
  const broken = transportBroken(x);
  if (broken) return { exchanges: [x], findings: [], checked: [], broken, rows: expectedRows(expected) };
  const rule = expected.ownRefusal;
  const refusal = rule ? ownReasonRefusal(x, rule.foreseen) : undefined;
  const findings: Finding[] = [];
  const checked = new Set<RequirementId>();
  const failsWith = new Set<RequirementId>();
  const rows = answerRowOracles(x, expected, refusal !== undefined);
  // A documented row's Problem checks already judge its status member: the status oracles add none twice.
  const statuses = answerStatusOracles(x, expected).filter((o) => !rows.some((r) => r.id === o.id));
  for (const o of [...expected.oracles, ...rows, ...answerResourceOracles(x, expected, refusal !== undefined), ...statuses]) {
    if ((refusal && o.judgesAcceptance) || !o.applies(x)) continue;
    const found = o.run(x);
    o.requirements.forEach((r) => checked.add(r));
    findings.push(...found);
    if (found.length) o.failsWith?.forEach((r) => failsWith.add(r));
  }
  return {
    exchanges: [x], findings, checked: [...checked],
    ...(failsWith.size ? { failsWith: [...failsWith] } : {}),
    ...(rule && refusal ? { observed: { [rule.requirement]: refusalNote(x, refusal, rule.what) }, refused: rule.requirement } : {}),
    responsesSeen: [responseKey(x.request.operation, x.response!.status, businessErrorCode(x as never))],
  };
}

/** Every row an exchange judged under `expected` may answer for: what a broken case leaves broken (runner/rerun.ts). */
export function expectedRows(expected: Expected): RequirementId[] {
  return [...new Set(expected.oracles.flatMap((o) => [...o.requirements, ...(o.failsWith ?? [])]))];
}

/**
 * Several outcomes of one case (several exchanges, probes, notes) as one: the first broken part
 * makes it broken; the first exchange with findings is put last, so its curl is the one reported.
 */
export function combine(parts: readonly CaseOutcome[]): CaseOutcome {
  const broken = parts.find((p) => p.broken)?.broken;
  const failing = parts.find((p) => p.findings.length > 0 && p.exchanges.length > 0)?.exchanges.at(-1);
  const exchanges = parts.flatMap((p) => p.exchanges);
  const failsWith = parts.filter((p) => p.findings.length > 0).flatMap((p) => p.failsWith ?? []);
  const observed: Partial<Record<RequirementId, string>> = {};
  for (const [requirement, note] of parts.flatMap((p) => observedEntries(p.observed ?? {})))
    observed[requirement] = observed[requirement] ? `${observed[requirement]}; ${note}` : note;
  const responsesSeen = [...new Set(parts.flatMap((p) => p.responsesSeen ?? []))];
  const rows = [...new Set(parts.flatMap((p) => p.rows ?? []))];
  const refused = parts.find((p) => p.refused)?.refused;
  const operatorPairs = parts.flatMap((p) => p.operatorPairs ?? []);
  return {
    ...(operatorPairs.length ? { operatorPairs } : {}),
    exchanges: failing ? [...exchanges.filter((x) => x !== failing), failing] : exchanges,
    findings: parts.flatMap((p) => p.findings),
    checked: [...new Set(parts.flatMap((p) => p.checked))],
    ...(responsesSeen.length ? { responsesSeen } : {}),
    ...(failsWith.length ? { failsWith: [...new Set(failsWith)] } : {}),
    ...(Object.keys(observed).length ? { observed } : {}),
    ...(broken ? { broken } : {}),
    ...(broken && rows.length ? { rows } : {}),
    ...(refused ? { refused } : {}),
  };
}
