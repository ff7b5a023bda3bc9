/**
 * Open operator values of different members in one request (issue 30 item 6, issue 27 item 4).
 * An accepted EnrollCustomer is a customer the sandbox can never delete, and each open operator
 * sent in a request of its own enrols one when the target takes it. The register asserts nothing
 * of an open value but the generic contract (no 5xx, a JSON 4xx), and a validation answer names
 * every invalid key (D14), so open values of different body members may share a request: a 5xx is
 * still a failure with that request as its reproduction, and each value is still observed (every
 * value of an accepted request accepted; the ones a 400 names refused). What a refusal leaves
 * unnamed was not taken by itself: `repacked` says how the suite sends it again, the named ones put
 * back to their valid values, until the target takes the rest or names none of it, so a value that
 * would crash a target after its validation still reaches it, and no value's answer is hidden.
 * A body written another way joins too where it is open and names one place: an unknown member (its
 * own), a byte order mark (the body as a whole), the first member given twice (that member).
 * Values the register rejects, and valid requests written another way (served as valid), keep their
 * own requests: a refusal must name its field, an acceptance is asserted of the one way alone.
 */
import type { Operation } from '../../contract/index.js';
import type { OperatorPair } from '../../contract/operators/index.js';
import type { Expectation, OpenField } from '../expectation.js';
import { wireKey, wireName, type Payload, type PayloadOptions } from '../payloads.js';
import type { GeneratedCase } from '../violations.js';
import { memberKey } from './cells.js';
import { unknownMemberName, wires, type Wire } from './wire.js';

type Open = Expectation & { kind: 'open' };

/** An operator case as cases.ts builds it (declared here too: cases.ts imports this file). */
interface OperatorCase extends GeneratedCase {
  readonly pairs: readonly OperatorPair[];
  readonly wire?: Wire;
  readonly valid?: Payload;
}

/** How a packed request is sent again without the values a refusal named. */
export interface Repack {
  /** The place each sent key takes: a body member, or `wholeBody` for the byte order mark. */
  readonly memberOf: Readonly<Record<string, string>>;
  /** The valid body the values were put in: a named member goes back to its value here (left out where it has none). */
  readonly valid: Readonly<Record<string, unknown>>;
  /** The keys sent as a way of writing the body (the byte order mark, the first member twice), not as a value. */
  readonly written: Readonly<Record<string, 'byte-order-mark' | 'duplicate-member'>>;
}

export interface PackedCase extends OperatorCase {
  readonly repack: Repack;
}

/** The place of the byte order mark: no member is named so. */
const wholeBody = '\uFEFF';
type Part = OperatorCase & { expectation: Open; valid: Payload & { body: Record<string, unknown> } };

/** The body member of each key an open value of `op` can be sent under (the unknown member's too). */
function members(op: Operation, options: PayloadOptions): Map<string, string> {
  const out = new Map(op.fields.filter((f) => f.in === 'body' && !f.attributes).map((f) => [wireKey(op, f, options), wireName(f, options)] as const));
  out.set(memberKey(op, unknownMemberName), unknownMemberName);
  return out;
}

/** How `c` writes its body, where it is one of the ways that can share a request. */
function writtenAs(c: OperatorCase): 'byte-order-mark' | 'duplicate-member' | undefined {
  return c.wire === wires['byte-order-mark'] ? 'byte-order-mark' : c.wire === wires['duplicate-member'] ? 'duplicate-member' : undefined;
}

/** The places a case takes in a request: its members, or the whole body; undefined where it cannot share one. */
function placesOf(c: OperatorCase, memberOf: ReadonlyMap<string, string>): string[] | undefined {
  if (c.expectation.kind !== 'open' || c.valid?.body === undefined || c.expectation.sent.length === 0) return undefined;
  const written = writtenAs(c);
  if (c.wire && c.wire !== wires['unknown-member'] && !written) return undefined;
  if (written === 'byte-order-mark') return [wholeBody];
  const places = c.expectation.sent.map((s) => memberOf.get(s.key));
  return places.every((p) => p !== undefined) ? (places as string[]) : undefined;
}

/** The wire of a request with these ways of writing its body; undefined for plain JSON. */
function wireOf(ways: ReadonlySet<string>): Wire | undefined {
  if (ways.size === 0) return undefined;
  const twice = wires['duplicate-member']!.text!;
  return { text: (body) => `${ways.has('byte-order-mark') ? '\uFEFF' : ''}${ways.has('duplicate-member') ? twice(body) : JSON.stringify(body)}` };
}

/**
 * The open cases of `op` packed first-fit (largest first) into requests whose places do not
 * overlap; the other cases as they were. Deterministic: the order of `cases` decides. The first
 * member given twice joins only a request whose body begins with that member.
 */
export function packOpenCases(op: Operation, cases: readonly OperatorCase[], options: PayloadOptions): OperatorCase[] {
  const memberOf = members(op, options);
  const open = cases.filter((c): c is Part => placesOf(c, memberOf) !== undefined);
  if (open.length < 2) return [...cases];
  const rounds: Array<{ used: Set<string>; parts: Part[] }> = [];
  const fits = (c: Part, r: (typeof rounds)[number], mine: string[]) =>
    mine.every((m) => !r.used.has(m)) && (writtenAs(c) !== 'duplicate-member' || Object.keys(r.parts[0]!.valid.body)[0] === mine[0]);
  for (const c of [...open].sort((a, b) => b.expectation.sent.length - a.expectation.sent.length)) {
    const mine = placesOf(c, memberOf)!;
    const round = rounds.find((r) => fits(c, r, mine));
    if (round) {
      round.parts.push(c);
      mine.forEach((m) => round.used.add(m));
    } else rounds.push({ used: new Set(mine), parts: [c] });
  }
  return [...cases.filter((c) => !open.includes(c as Part)), ...rounds.map((r) => merged(op, r.parts, memberOf))];
}

/** One request carrying every part's values on the first part's valid body. */
function merged(op: Operation, parts: readonly Part[], memberOf: ReadonlyMap<string, string>): PackedCase {
  const [first] = parts as [Part];
  const body: Record<string, unknown> = { ...first.valid.body };
  const places: Record<string, string> = {};
  const written: Record<string, 'byte-order-mark' | 'duplicate-member'> = {};
  for (const p of parts) {
    const way = writtenAs(p);
    for (const s of p.expectation.sent) {
      if (way) written[s.key] = way;
      const m = way === 'byte-order-mark' ? wholeBody : memberOf.get(s.key)!;
      places[s.key] = m;
      if (m === wholeBody) continue;
      if (p.input.body && m in p.input.body) body[m] = p.input.body[m];
      else delete body[m];
    }
  }
  const sent: OpenField[] = parts.flatMap((p) => p.expectation.sent);
  const sentKeys = new Set(sent.map((s) => s.key));
  const validKeys = first.expectation.validKeys.filter((k) => !sentKeys.has(k) && parts.every((p) => p.expectation.validKeys.includes(k)));
  const ownRefusals = parts.some((p) => p.expectation.ownRefusals);
  const wire = wireOf(new Set(Object.values(written)));
  return {
    input: { ...first.valid, body }, valid: first.valid, ...(wire ? { wire } : {}),
    description: parts.length === 1 ? first.description : `${op.id}: open operator values in different places of one request: ${parts.map((p) => p.description.replace(`${op.id}: `, '')).join('; ')}`,
    expectation: { kind: 'open', operation: op.id, sent, validKeys, ...(ownRefusals ? { ownRefusals } : {}) },
    pairs: parts.flatMap((p) => p.pairs),
    repack: { memberOf: places, valid: first.valid.body, written },
  };
}

/**
 * The case to send after a 400 that named `named` of a packed case's keys: those members back to
 * their valid values (a way of writing the body dropped), the rest sent again; undefined when
 * nothing is left to learn (every value named, or none: the refusal is the answer to all of them).
 */
export function repacked(c: PackedCase, named: readonly string[]): PackedCase | undefined {
  const e = c.expectation as Open;
  const rest = e.sent.filter((s) => !named.includes(s.key));
  if (named.length === 0 || rest.length === 0) return undefined;
  const body: Record<string, unknown> = { ...c.input.body };
  for (const key of named) {
    const m = c.repack.memberOf[key]!;
    if (m === wholeBody) continue;
    if (m in c.repack.valid) body[m] = c.repack.valid[m];
    else delete body[m];
  }
  const wire = wireOf(new Set(rest.flatMap((s) => (c.repack.written[s.key] ? [c.repack.written[s.key]!] : []))));
  const { wire: _, ...unwired } = c;
  return {
    ...unwired, ...(wire ? { wire } : {}), input: { ...c.input, body }, expectation: { ...e, sent: rest },
    description: `${c.description} (again without ${named.join(', ')}, which the answer named)`,
  };
}
