import { operations, type Operation } from '../contract/index.js';
import { unsafeToRepeat } from '../contract/client-requirements.js';
import { documentedAnswers, type TransientAnswer } from './responses.js';
import { planSchema, type Plan, type PlanInput } from './plan.js';

/**
 * The default plan, derived from contract/: every documented answer of every operation once,
 * plus the two access 401s and the transient faults, each on an operation of its own. Calls
 * 2, 4, 6, ... of an operation are answered so that an ordinary call (the first, and one between
 * two injections) lets the client recover; AuthenticatePartner's denial comes first, where a
 * client meets it in earnest (wrong credentials at start-up).
 */
const extras: ReadonlyArray<{ answer: string; times?: number }> = [
  { answer: 'TOKEN_EXPIRED' }, { answer: 'SESSION_LOST' },
  { answer: 'UNAVAILABLE' satisfies TransientAnswer }, { answer: 'RATE_LIMITED' satisfies TransientAnswer },
  { answer: 'SLOW' satisfies TransientAnswer },
  // Twice in a row: the second retry shows whether the client backs off further.
  { answer: 'RESET' satisfies TransientAnswer, times: 2 },
];

export function defaultPlanInput(ops: readonly Operation[] = operations): PlanInput {
  const answers = new Map(ops.map((op) => [op.id, documentedAnswers(op).map((r) => ({ answer: r.code, times: 1 }))]));
  const auth = ops.find((op) => !op.sessionRequired);
  // Extras go to the operations with the fewest documented answers, in contract order: short plans stay short.
  const safe = ops.filter((op) => op.sessionRequired && !unsafeToRepeat.includes(op.id))
    .map((op, i) => ({ op, i })).sort((a, b) => answers.get(a.op.id)!.length - answers.get(b.op.id)!.length || a.i - b.i);
  extras.forEach((extra, i) => answers.get(safe[i % safe.length]!.op.id)!.push({ answer: extra.answer, times: extra.times ?? 1 }));
  // A call that must not be repeated blindly is shown a lost answer too.
  for (const op of ops.filter((o) => unsafeToRepeat.includes(o.id))) answers.get(op.id)!.push({ answer: 'RESET', times: 1 });
  const injections = ops.flatMap((op) => {
    let call = op === auth ? 1 : 2;
    return answers.get(op.id)!.map((a) => {
      const at = call;
      call += a.times + 1;
      return { operation: op.id, call: at, answer: a.answer, times: a.times };
    });
  });
  return {
    description: 'Default plan: every documented response of every operation, the two access 401s and the transient faults (derived from contract/)',
    retryAfterSeconds: 2, slowMs: 3000, randomCalls: { from: 2, to: 10 },
    grading: { maxRequestsPerSecond: 20, minBackoffMs: 100, tokenRenewMarginSeconds: 300, toleranceMs: 50 },
    acceptUnshown: [],
    injections,
  };
}

export function defaultPlan(): Plan {
  return planSchema.parse(defaultPlanInput());
}
