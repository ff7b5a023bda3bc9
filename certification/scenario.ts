import { operation, operations, type Operation, sessionHeaders } from '../contract/index.js';
import type { InterceptedCall, Interceptor, PlannedAnswer } from '../reference/interception.js';
import { plannedAnswer } from './answers.js';
import type { Plan } from './plan.js';
import { prng } from '../generators/personal.js';
import { injectableAnswers, type ScenarioResponse } from './responses.js';

/** One call the plan answers: the k-th call of an operation. */
export interface ScheduledAnswer { readonly operation: string; readonly call: number; readonly response: ScenarioResponse }

/** Every answered call of the plan; a random call is drawn among the free ones of its range. */
export function schedule(plan: Plan, seed: number): ScheduledAnswer[] {
  const random = prng(seed);
  const taken = new Map<string, Set<number>>();
  const out: ScheduledAnswer[] = [];
  const fixedFirst = [...plan.injections].sort((a, b) => Number(a.call === 'random') - Number(b.call === 'random'));
  for (const inj of fixedFirst) {
    const used = taken.get(inj.operation) ?? new Set<number>();
    taken.set(inj.operation, used);
    let call = inj.call === 'random' ? 0 : inj.call;
    if (inj.call === 'random') {
      const { from, to } = plan.randomCalls;
      // Free: the run of calls and the ordinary call before it are unanswered.
      const free = Array.from({ length: to - from + 1 }, (_, i) => from + i)
        .filter((c) => Array.from({ length: inj.times + 1 }, (_, k) => c - 1 + k).every((x) => !used.has(x)));
      call = free.length ? free[Math.floor(random() * free.length)]! : to + 1 + Math.max(0, ...used);
    }
    const response = injectableAnswers(operation(inj.operation)).get(inj.answer)!;
    for (let k = 0; k < inj.times; k += 1) {
      used.add(call + k);
      out.push({ operation: inj.operation, call: call + k, response });
    }
  }
  return out.sort((a, b) => a.operation.localeCompare(b.operation) || a.call - b.call);
}

const header = (call: InterceptedCall, name: string): string | undefined => {
  const v = call.headers[name.toLowerCase()];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

export const bearerOf = (headers: InterceptedCall['headers']): string | undefined => {
  const v = headers.authorization;
  return typeof v === 'string' ? /^Bearer +(\S+)/i.exec(v)?.[1] : undefined;
};

export function operationAt(method: string, path: string): Operation | undefined {
  return operations.find((o) => o.path === path && o.method === method);
}

/**
 * The sandbox's side of the plan: counts the calls of each operation and answers the planned
 * ones. A token answered TOKEN_EXPIRED and a session answered SESSION_LOST stay dead, as they
 * would on a real service: every later call bearing them gets the same 401.
 */
export class Scenario {
  readonly answered = new Map<number, ScenarioResponse>();
  private readonly calls = new Map<string, number>();
  private readonly deadTokens = new Set<string>();
  private readonly deadSessions = new Set<string>();
  private readonly byCall: Map<string, ScenarioResponse>;

  constructor(private readonly plan: Plan, readonly planned: readonly ScheduledAnswer[]) {
    this.byCall = new Map(planned.map((s) => [`${s.operation}#${s.call}`, s.response]));
  }

  readonly intercept: Interceptor = (call) => {
    const op = operationAt(call.method, call.path);
    if (!op) return undefined;
    const n = (this.calls.get(op.id) ?? 0) + 1;
    this.calls.set(op.id, n);
    const token = bearerOf(call.headers);
    const session = header(call, sessionHeaders.sessionId);
    const access = injectableAnswers(op);
    let response: ScenarioResponse | undefined;
    if (token && this.deadTokens.has(token)) response = access.get('TOKEN_EXPIRED');
    else if (op.sessionRequired && session && this.deadSessions.has(session)) response = access.get('SESSION_LOST');
    else response = this.byCall.get(`${op.id}#${n}`);
    if (!response) return undefined;
    if (response.class === 'token-expired' && token) this.deadTokens.add(token);
    if (response.class === 'session-lost' && session) this.deadSessions.add(session);
    this.answered.set(call.seq, response);
    return plannedAnswer(op, call.path, response, this.plan) satisfies PlannedAnswer;
  };
}
