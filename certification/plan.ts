import { z } from 'zod';
import { operation, operations } from '../contract/index.js';
import { injectableAnswers } from './responses.js';

/**
 * The scenario plan: data an operator can edit (`certify-client --print-plan` writes the default).
 * An injection answers "the k-th call of operation X" (every request counts, retries too), or a
 * call drawn from the seed when `call` is "random"; `times` answers that many calls in a row.
 */
const operationIds = operations.map((o) => o.id) as [string, ...string[]];
const whole = (min: number) => z.number().int().min(min);

const injection = z.strictObject({
  operation: z.enum(operationIds),
  call: z.union([whole(1), z.literal('random')]),
  answer: z.string().min(1),
  times: whole(1).max(5).default(1),
});

const grading = z.strictObject({
  /** Requests (token calls included) allowed in any one-second window (CLIENT-RATE). */
  maxRequestsPerSecond: whole(1).default(20),
  /** The first retry after a reset waits at least this; the k-th, this times 2^(k-1) (CLIENT-RETRY-BACKOFF). */
  minBackoffMs: whole(0).default(100),
  /** A token fetched while the held one had more than this left was not needed (CLIENT-TOKEN-REUSE). */
  tokenRenewMarginSeconds: whole(0).default(300),
  /** Timer slack allowed when judging Retry-After and backoff waits. */
  toleranceMs: whole(0).default(50),
});

export const planSchema = z.strictObject({
  description: z.string().optional(),
  /** Seconds the 503 and 429 answers ask the client to wait (whole seconds, RFC 9110 delay-seconds). */
  retryAfterSeconds: whole(0).default(2),
  /** How long a SLOW answer is held before the sandbox answers. */
  slowMs: whole(0).default(3000),
  /** Calls a "random" injection is drawn from (inclusive). */
  randomCalls: z.strictObject({ from: whole(1), to: whole(1) }).default({ from: 2, to: 10 }),
  grading: grading.default(grading.parse({})),
  /** Responses (ids as the report prints them) the operator accepts leaving unshown: no exit 4 for them. */
  acceptUnshown: z.array(z.string()).default([]),
  injections: z.array(injection),
}).superRefine((plan, ctx) => {
  plan.injections.forEach((inj, i) => {
    const allowed = injectableAnswers(operation(inj.operation));
    if (!allowed.has(inj.answer))
      ctx.addIssue({ code: 'custom', path: ['injections', i, 'answer'], message: `${inj.answer} is not an answer of ${inj.operation}; one of ${[...allowed.keys()].join(', ')}` });
  });
  if (plan.randomCalls.to < plan.randomCalls.from)
    ctx.addIssue({ code: 'custom', path: ['randomCalls'], message: 'to must not be below from' });
});

export type Plan = z.output<typeof planSchema>;
export type PlanInput = z.input<typeof planSchema>;
export type Injection = Plan['injections'][number];

/** A plan file that cannot be used: one line naming the place and the rule (exit 2). */
export class PlanError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'PlanError';
  }
}

/** Parses plan text; `source` names the file in the message. */
export function parsePlan(text: string, source: string): Plan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new PlanError(`${source}: not JSON (${(error as Error).message})`);
  }
  const parsed = planSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '') : 'plan';
  const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
  return fail(`${source}: ${where}: ${issue.message}${more}`);
}

function fail(message: string): never {
  throw new PlanError(message);
}
