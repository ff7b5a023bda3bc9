/**
 * Open operator values of different members in one request (issue 30 item 6, issue 27 item 4).
 * An accepted EnrollCustomer is a customer the sandbox can never delete, and each open operator
 * sent in a request of its own enrols one when the target takes it. The register asserts nothing
 * of an open value but the generic contract (no 5xx, a JSON 4xx), and a validation answer names
 * every invalid key (D14), so open values of different body members may share a request: a 5xx is
 * still a failure with that request as its reproduction, and each value is still observed (every
 * value of an accepted request accepted; the ones a 400 names refused). What a refusal leaves
 * unnamed was not taken by itself: repack.ts says how the suite sends it again, the named ones put
 * back to their valid values, or each part alone after a refusal that names none, so a value that
 * would crash a target after its validation still reaches it, and no value's answer is hidden.
 * A body written another way joins too where it is open and names one member: an unknown member, the
 * first member given twice. A byte order mark does not: a target that cannot read it refuses the body
 * as a whole, naming nothing, and every value beside it would go again alone.
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
  /** A case of the values the document leaves open (D38-D40, generators/open-values.ts): that property sends the request it is in. */
  readonly documentOpen?: boolean;
}

/** How a packed request is sent again without the values a refusal named. */
export interface Repack {
  /** The body member each sent key takes. */
  readonly memberOf: Readonly<Record<string, string>>;
  /** The valid body the values were put in: a named member goes back to its value here (left out where it has none). */
  readonly valid: Readonly<Record<string, unknown>>;
  /** The keys sent as a way of writing the body (the first member twice), not as a value. */
  readonly written: Readonly<Record<string, 'duplicate-member'>>;
}

export interface PackedCase extends OperatorCase {
  readonly repack: Repack;
  /** Where several cases share the request: each of them alone, to send after a refusal that names none of its values. */
  readonly parts?: readonly PackedCase[];
}

type Part = OperatorCase & { expectation: Open; valid: Payload & { body: Record<string, unknown> } };

/** The body member of each key an open value of `op` can be sent under (the unknown member's too). */
export function members(op: Operation, options: PayloadOptions): Map<string, string> {
  const out = new Map(op.fields.filter((f) => f.in === 'body' && !f.attributes).map((f) => [wireKey(op, f, options), wireName(f, options)] as const));
  out.set(memberKey(op, unknownMemberName), unknownMemberName);
  return out;
}

/** The body members of the identity an enrolment checks for duplicates (D16: the SSN); none where `op` enrols nobody. */
function identityMembers(op: Operation, options: PayloadOptions): Set<string> {
  if (op.refusesForOwnReasons !== 'D16') return new Set();
  return new Set(op.fields.filter((f) => f.in === 'body' && f.format === 'ssn').map((f) => wireName(f, options)));
}

/** How `c` writes its body, where it is one of the ways that can share a request. */
function writtenAs(c: OperatorCase): 'duplicate-member' | undefined {
  return c.wire === wires['duplicate-member'] ? 'duplicate-member' : undefined;
}

/** The places a case takes in a request: its members, or the whole body; undefined where it cannot share one. */
function placesOf(c: OperatorCase, memberOf: ReadonlyMap<string, string>): string[] | undefined {
  if (c.expectation.kind !== 'open' || c.valid?.body === undefined || c.expectation.sent.length === 0) return undefined;
  const written = writtenAs(c);
  if (c.wire && c.wire !== wires['unknown-member'] && !written) return undefined;
  const places = c.expectation.sent.map((s) => memberOf.get(s.key));
  return places.every((p) => p !== undefined) ? (places as string[]) : undefined;
}

/** The wire of a request with these ways of writing its body; undefined for plain JSON. */
export function wireOf(ways: ReadonlySet<string>): Wire | undefined {
  if (ways.size === 0) return undefined;
  const twice = wires['duplicate-member']!.text!;
  return ways.has('duplicate-member') ? { text: twice } : undefined;
}

/**
 * The open cases of `op` packed, largest first, each into the fitting request with the fewest
 * values (else a new one), so that no two values share a member; the other cases as they were. Deterministic: the order of `cases` decides. The first
 * member given twice joins only a request whose body begins with that member.
 */
export function packOpenCases(op: Operation, cases: readonly OperatorCase[], options: PayloadOptions): OperatorCase[] {
  const memberOf = members(op, options);
  const open = cases.filter((c): c is Part => placesOf(c, memberOf) !== undefined);
  if (open.length < 2) return [...cases];
  const rounds: Array<{ used: Set<string>; parts: Part[] }> = [];
  const fits = (c: Part, r: (typeof rounds)[number], mine: string[]) =>
    mine.every((m) => !r.used.has(m)) && (writtenAs(c) !== 'duplicate-member' || Object.keys(r.parts[0]!.valid.body)[0] === mine[0]);
  // A value of its own in the identity D16 checks (an SSN of all nines) is a duplicate on every later night: the request
  // is refused then, and nothing beside it is stored. Such parts open the requests; the D38-D40 values, which have always
  // reached the target's store on a later night, go only where none is (a request of their own else); the others fill both kinds.
  const identity = identityMembers(op, options);
  const spends = (c: Part) => placesOf(c, memberOf)!.some((m) => identity.has(m));
  const spent = (r: (typeof rounds)[number]) => r.parts.some(spends);
  const order = (a: Part, b: Part) => Number(spends(b)) - Number(spends(a)) || b.expectation.sent.length - a.expectation.sent.length;
  for (const c of [...open].sort(order)) {
    const mine = placesOf(c, memberOf)!;
    // The fitting request with the fewest values: the fewer values beside it, the likelier it is taken at once.
    const round = rounds.filter((r) => fits(c, r, mine) && !(c.documentOpen && spent(r))).sort((a, b) => a.used.size - b.used.size)[0];
    if (round) {
      round.parts.push(c);
      mine.forEach((m) => round.used.add(m));
    } else rounds.push({ used: new Set(mine), parts: [c] });
  }
  return [...cases.filter((c) => !open.includes(c as Part)), ...rounds.map((r) => together(op, r.parts, memberOf))];
}

/** Open cases of different members (none given twice) in one request, each part alone beside it for a refusal naming none. */
export function packTogether(op: Operation, cases: readonly OperatorCase[], options: PayloadOptions): PackedCase {
  const memberOf = members(op, options);
  const parts = cases.filter((c): c is Part => placesOf(c, memberOf) !== undefined);
  if (parts.length !== cases.length || parts.length === 0) throw new Error(`generators: ${op.id}: only open cases with a valid body share a request`);
  return together(op, parts, memberOf);
}

function together(op: Operation, parts: readonly Part[], memberOf: ReadonlyMap<string, string>): PackedCase {
  const alone = (p: Part) => merged(op, [p], memberOf);
  return parts.length === 1 ? alone(parts[0]!) : { ...merged(op, parts, memberOf), parts: parts.map(alone) };
}

/** One request carrying every part's values on the first part's valid body. */
function merged(op: Operation, parts: readonly Part[], memberOf: ReadonlyMap<string, string>): PackedCase {
  const [first] = parts as [Part];
  const body: Record<string, unknown> = { ...first.valid.body };
  const places: Record<string, string> = {};
  const written: Record<string, 'duplicate-member'> = {};
  for (const p of parts) {
    const way = writtenAs(p);
    for (const s of p.expectation.sent) {
      if (way) written[s.key] = way;
      const m = memberOf.get(s.key)!;
      places[s.key] = m;
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
    input: { ...first.valid, body }, valid: first.valid, ...(wire ? { wire } : {}), ...(parts.some((p) => p.documentOpen) ? { documentOpen: true } : {}),
    description: parts.length === 1 ? first.description : `${op.id}: open operator values in different places of one request: ${parts.map((p) => p.description.replace(`${op.id}: `, '')).join('; ')}`,
    expectation: { kind: 'open', operation: op.id, sent, validKeys, ...(ownRefusals ? { ownRefusals } : {}) },
    pairs: parts.flatMap((p) => p.pairs),
    repack: { memberOf: places, valid: first.valid.body, written },
  };
}
