import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../contract/index.js';
import { unsafeToRepeat } from '../../contract/client-requirements.js';
import { parseCertifyArgs } from '../../certification/cli-args.js';
import { defaultPlan, defaultPlanInput } from '../../certification/default-plan.js';
import { parsePlan, PlanError } from '../../certification/plan.js';
import { documentedAnswers, transientAnswers } from '../../certification/responses.js';
import { schedule } from '../../certification/scenario.js';

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(PlanError);
    return (error as Error).message;
  }
  throw new Error('expected a PlanError');
};
const plan = (over: Record<string, unknown>) => JSON.stringify({ ...defaultPlanInput(), ...over });

describe('scenario plan parser', () => {
  it('reads the default plan back as printed', () => {
    expect(parsePlan(JSON.stringify(defaultPlan()), 'p.json')).toEqual(defaultPlan());
  });

  it('names an unknown field, a bad answer, a bad number and a non-JSON file in one line', () => {
    expect(message(() => parsePlan(plan({ retryAftr: 1 }), 'p.json'))).toMatch(/^p\.json: plan: Unrecognized key: "retryAftr"/);
    const wrongAnswer = plan({ injections: [{ operation: 'FindCustomer', call: 2, answer: 'NO_LINKED_ACCOUNT' }] });
    expect(message(() => parsePlan(wrongAnswer, 'p.json'))).toMatch(/^p\.json: injections\[0\]\.answer: NO_LINKED_ACCOUNT is not an answer of FindCustomer; one of CUSTOMER_NOT_FOUND, VALIDATION, /);
    expect(message(() => parsePlan(plan({ injections: [{ operation: 'Nope', call: 1, answer: 'RESET' }] }), 'p.json'))).toMatch(/^p\.json: injections\[0\]\.operation: /);
    expect(message(() => parsePlan(plan({ retryAfterSeconds: -1 }), 'p.json'))).toMatch(/^p\.json: retryAfterSeconds: /);
    expect(message(() => parsePlan('{"injections": [', 'p.json'))).toMatch(/^p\.json: not JSON/);
    for (const text of [plan({ retryAftr: 1 }), '{']) expect(message(() => parsePlan(text, 'p.json'))).not.toContain('\n');
  });
});

describe('default plan', () => {
  const p = defaultPlan();
  const answered = (op: string) => p.injections.filter((i) => i.operation === op).map((i) => i.answer);

  it('answers every documented error of every operation, the two access 401s and every transient fault', () => {
    for (const op of operations) expect(answered(op.id)).toEqual(expect.arrayContaining(documentedAnswers(op).map((r) => r.code)));
    const all = p.injections.map((i) => i.answer);
    expect(all).toEqual(expect.arrayContaining(['TOKEN_EXPIRED', 'SESSION_LOST', ...Object.keys(transientAnswers)]));
    for (const op of unsafeToRepeat) expect(answered(op)).toContain('RESET');
  });

  it('leaves an ordinary call before and between injections, and answers within twelve calls', () => {
    for (const op of operations.filter((o) => o.sessionRequired)) {
      const calls = schedule(p, 1).filter((s) => s.operation === op.id).map((s) => s.call);
      expect(calls[0]).toBeGreaterThan(1);
      expect(Math.max(...calls)).toBeLessThanOrEqual(10);
    }
  });

  it('draws random calls from the seed, the same for the same seed', () => {
    const random = parsePlan(plan({ injections: [{ operation: 'FindCustomer', call: 'random', answer: 'RESET', times: 2 }] }), 'p.json');
    expect(schedule(random, 7)).toEqual(schedule(random, 7));
    const seeds = new Set(Array.from({ length: 20 }, (_, s) => schedule(random, s)[0]!.call));
    expect(seeds.size).toBeGreaterThan(1);
    for (const s of [1, 2, 3]) expect(schedule(random, s)[1]!.call).toBe(schedule(random, s)[0]!.call + 1);
  });
});

describe('certify-client arguments', () => {
  it('refuses a bad port, an unknown argument, an empty command and an unreadable plan in one line', () => {
    expect(message(() => parseCertifyArgs(['--port', '70000']))).toBe('--port must be a whole number 0-65535, received "70000"');
    expect(message(() => parseCertifyArgs(['--port=abc']))).toContain('received "abc"');
    expect(message(() => parseCertifyArgs(['--colour']))).toMatch(/^unknown argument "--colour"; usage: /);
    expect(message(() => parseCertifyArgs(['--']))).toBe('no client command after --');
    expect(message(() => parseCertifyArgs(['--plan', '/nonexistent/plan.json']))).toMatch(/^--plan \/nonexistent\/plan\.json: cannot be read \(ENOENT\)/);
  });

  it('reads a plan file, the seed, the flags and the client command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'certify-args-'));
    writeFileSync(join(dir, 'plan.json'), plan({ retryAfterSeconds: 1 }));
    const args = parseCertifyArgs(['--plan', join(dir, 'plan.json'), '--seed=9', '--accept-unshown', '--', 'node', 'client.js']);
    expect(args).toMatchObject({ seed: 9, port: 0, acceptUnshown: true, printPlan: false, command: ['node', 'client.js'] });
    expect(args.plan.retryAfterSeconds).toBe(1);
  });
});
