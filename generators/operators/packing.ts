/**
 * Open operator values of different members in one request (issue 30 item 6, issue 27 item 4).
 * An accepted EnrollCustomer is a customer the sandbox can never delete, and each open operator
 * sent in a request of its own enrols one when the target takes it. The register asserts nothing
 * of an open value but the generic contract (no 5xx, a JSON 4xx), and a validation answer names
 * every invalid key (D14), so open values of different body members may share a request: a 5xx is
 * still a failure with that request as its reproduction, and each value is still observed (every
 * value of an accepted request accepted; the ones a 400 names refused). What a refusal leaves
 * unnamed was not taken by itself: `Repack` says how the suite sends those again, the named ones put
 * back to their valid values, until the target takes the rest or names none of it, so a value that
 * would crash a target after its validation still reaches it, and no value's answer is hidden.
 * Values the register rejects, and valid requests written another way (served as valid), keep their
 * own requests: a refusal must name its field, an acceptance is asserted of the one way alone.
 */
import type { Operation } from '../../contract/index.js';
import type { Expectation, OpenField } from '../expectation.js';
import { wireKey, wireName, type Payload, type PayloadOptions } from '../payloads.js';
import { memberKey } from './cells.js';
import type { OperatorPair } from '../../contract/operators/index.js';
import type { GeneratedCase } from '../violations.js';
import { unknownMemberName, wires, type Wire } from './wire.js';

type Open = Expectation & { kind: 'open' };

/** How a packed request is sent again without the values a refusal named. */
export interface Repack {
  /** The body member each sent key names, by the key an answer names it by. */
  readonly memberOf: Readonly<Record<string, string>>;
  /** The valid body the values were put in: a named member goes back to its value here (left out where it has none). */
  readonly valid: Readonly<Record<string, unknown>>;
}

/** An operator case as cases.ts builds it (declared here too: cases.ts imports this file). */
interface OperatorCase extends GeneratedCase {
  readonly pairs: readonly OperatorPair[];
  readonly wire?: Wire;
  readonly valid?: Payload;
}

export interface PackedCase extends OperatorCase {
  readonly repack: Repack;
}

/** The body member of each key an open value of `op` can be sent under (the unknown member's too). */
function members(op: Operation, options: PayloadOptions): Map<string, string> {
  const out = new Map(op.fields.filter((f) => f.in === 'body' && !f.attributes).map((f) => [wireKey(op, f, options), wireName(f, options)] as const));
  out.set(memberKey(op, unknownMemberName), unknownMemberName);
  return out;
}

/** An open case of scalar body members, written as plain JSON (or with an unknown member only): it can share a request. */
function packable(c: OperatorCase, memberOf: ReadonlyMap<string, string>): c is OperatorCase & { expectation: Open; valid: Payload } {
  const plainWire = !c.wire || c.wire === wires['unknown-member'];
  return c.expectation.kind === 'open' && plainWire && c.valid?.body !== undefined && c.expectation.sent.length > 0 && c.expectation.sent.every((s) => memberOf.has(s.key));
}

/**
 * The open cases of `op` packed first-fit (largest first) into requests whose members do not
 * overlap; the other cases as they were. Deterministic: the order of `cases` decides.
 */
export function packOpenCases(op: Operation, cases: readonly OperatorCase[], options: PayloadOptions): OperatorCase[] {
  const memberOf = members(op, options);
  const open = cases.filter((c) => packable(c, memberOf));
  if (open.length < 2) return [...cases];
  const rounds: Array<{ used: Set<string>; parts: typeof open }> = [];
  const used = (c: (typeof open)[number]) => c.expectation.sent.map((s) => memberOf.get(s.key)!);
  for (const c of [...open].sort((a, b) => b.expectation.sent.length - a.expectation.sent.length)) {
    const mine = used(c);
    const round = rounds.find((r) => mine.every((m) => !r.used.has(m)));
    if (round) {
      round.parts.push(c);
      mine.forEach((m) => round.used.add(m));
    } else rounds.push({ used: new Set(mine), parts: [c] });
  }
  const packed = rounds.map((r) => (r.parts.length === 1 ? withRepack(r.parts[0]!, memberOf) : merged(op, r.parts, memberOf)));
  return [...cases.filter((c) => !open.includes(c as (typeof open)[number])), ...packed];
}

function withRepack(c: OperatorCase & { expectation: Open; valid: Payload }, memberOf: ReadonlyMap<string, string>): PackedCase {
  return { ...c, repack: { memberOf: Object.fromEntries(c.expectation.sent.map((s) => [s.key, memberOf.get(s.key)!])), valid: c.valid.body! } };
}

/** One request carrying every part's values on the first part's valid body. */
function merged(op: Operation, parts: ReadonlyArray<OperatorCase & { expectation: Open; valid: Payload }>, memberOf: ReadonlyMap<string, string>): PackedCase {
  const [first] = parts as [(typeof parts)[number]];
  const body: Record<string, unknown> = { ...first.valid.body };
  for (const p of parts)
    for (const s of p.expectation.sent) {
      const m = memberOf.get(s.key)!;
      if (p.input.body && m in p.input.body) body[m] = p.input.body[m];
      else delete body[m];
    }
  const sent: OpenField[] = parts.flatMap((p) => p.expectation.sent);
  const sentKeys = new Set(sent.map((s) => s.key));
  const validKeys = first.expectation.validKeys.filter((k) => !sentKeys.has(k) && parts.every((p) => p.expectation.validKeys.includes(k)));
  const ownRefusals = parts.some((p) => p.expectation.ownRefusals);
  return {
    input: { ...first.valid, body }, valid: first.valid,
    description: `${op.id}: open operator values of different members in one request: ${parts.map((p) => p.description.replace(`${op.id}: `, '')).join('; ')}`,
    expectation: { kind: 'open', operation: op.id, sent, validKeys, ...(ownRefusals ? { ownRefusals } : {}) },
    pairs: parts.flatMap((p) => p.pairs),
    repack: { memberOf: Object.fromEntries(sent.map((s) => [s.key, memberOf.get(s.key)!])), valid: first.valid.body! },
  };
}

/**
 * The case to send after a 400 that named `named` of a packed case's keys: those members back to
 * their valid values, the rest sent again; undefined when nothing is left to learn (every value
 * named, or none: the refusal is the answer to all of them).
 */
export function repacked(c: PackedCase, named: readonly string[]): PackedCase | undefined {
  const e = c.expectation as Open;
  const rest = e.sent.filter((s) => !named.includes(s.key));
  if (named.length === 0 || rest.length === 0) return undefined;
  const body: Record<string, unknown> = { ...c.input.body };
  for (const key of named) {
    const m = c.repack.memberOf[key]!;
    if (m in c.repack.valid) body[m] = c.repack.valid[m];
    else delete body[m];
  }
  return { ...c, input: { ...c.input, body }, expectation: { ...e, sent: rest }, description: `${c.description} (again without ${named.join(', ')}, which the answer named)` };
}
