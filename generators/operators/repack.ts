/**
 * What the field-rule suite sends after a packed request of open values was refused with a 400
 * (packing.ts): the values the answer left unnamed again, or each part alone.
 */
import type { Expectation } from '../expectation.js';
import type { PackedCase } from './packing.js';
import { wireOf } from './packing.js';

type Open = Expectation & { kind: 'open' };

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
    if (m in c.repack.valid) body[m] = c.repack.valid[m];
    else delete body[m];
  }
  const text = wireOf(new Set(rest.flatMap((s) => (c.repack.written[s.key] ? [c.repack.written[s.key]!] : []))));
  // A media type the request goes with (a bounds payload's rider, open-riders.ts) stays: only the body's ways are the values'.
  const contentType = c.wire?.contentType;
  const wire = text || contentType ? { ...text, ...(contentType ? { contentType } : {}) } : undefined;
  const { wire: _, ...unwired } = c;
  return {
    ...unwired, ...(wire ? { wire } : {}), input: { ...c.input, body }, expectation: { ...e, sent: rest },
    description: `${c.description} (again without ${named.join(', ')}, which the answer named)`,
  };
}

/** The keys of the open values a case sends. */
export const openKeys = (c: PackedCase): string[] => (c.expectation.kind === 'open' ? c.expectation.sent.map((s) => s.key) : []);

/**
 * What to send after a 400 that named `named` of `c`'s keys: the parts it named nothing of, the
 * named parts put back to valid values (repacked); where it named none, each part of a shared
 * request alone, less what an earlier answer named; a case of one part alone: nothing more.
 */
export function following(c: PackedCase, named: readonly string[]): PackedCase[] {
  const left = new Set(openKeys(c));
  if (named.length > 0) {
    // A part the answer named a value of is answered, as it would have been alone (D14: the same keys
    // named); its other values are not sent again, as they were not before parts shared a request.
    const answered = (c.parts ?? []).map(openKeys).filter((keys) => keys.some((k) => named.includes(k))).flat().filter((k) => left.has(k));
    const rest = c.parts ? repacked(c, [...new Set([...named, ...answered])]) : undefined;
    return rest ? [rest] : [];
  }
  return (c.parts ?? []).flatMap((p) => {
    const gone = openKeys(p).filter((k) => !left.has(k));
    if (gone.length === 0) return [p];
    const rest = repacked(p, gone);
    return rest ? [rest] : [];
  });
}
