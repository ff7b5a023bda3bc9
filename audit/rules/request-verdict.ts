import { fieldKey, fieldRequirementId, isRequirementId, versionParameter, type Field, type Operation, type RequirementId } from '../../contract/index.js';
import type { CaseRequest } from '../../client/exchange.js';
import type { BrokenField, Expectation } from '../../generators/expectation.js';
import { attributeAlternatives } from '../../generators/attribute-breakages.js';
import { acceptedExpectation } from '../../generators/accepted.js';
import { bodyValueVerdict, queryValueVerdict, type FieldVerdict } from './field-verdict.js';
import { listVerdict } from './attribute-verdict.js';
import { duplicateMembers } from './duplicate-members.js';

/**
 * A recorded partner request judged against the field rules of contract/: the Expectation a
 * generated case of the run would carry, where the request is one the run could have sent.
 * - `valid`: every field valid, every required one present: not to be refused as invalid;
 * - `invalid`: some field breaks a rule every reading breaks: a 400 naming it (D13, D14);
 * - `refused`: only a 4xx with a JSON error body is asserted (D19, D20);
 * - `open`: nothing broken, but something the register leaves open: no field rule is asserted.
 */
export type RequestVerdict =
  | { readonly kind: 'valid'; readonly expectation: Expectation & { kind: 'accepted' } }
  | { readonly kind: 'invalid'; readonly expectation: Expectation & { kind: 'validation' } }
  | { readonly kind: 'refused'; readonly requirement: RequirementId }
  | { readonly kind: 'open'; readonly why: string };

const jsonType = /^application\/([a-z.+-]*\+)?json\b/i;
/** D10: the e-mail field may travel under its alias. */
const emailAlias = 'email';

/** A field's member in a body or query, by its exact name (or the D10 alias); a name differing only in case is open. */
function member(field: Field, source: Readonly<Record<string, unknown>>): { value: unknown; name: string } | 'case' {
  if (field.name in source) return { value: source[field.name], name: field.name };
  if (field.decisions?.includes('D10') && emailAlias in source) return { value: source[emailAlias], name: emailAlias };
  return Object.keys(source).some((k) => k.toLowerCase() === field.name.toLowerCase()) ? 'case' : { value: undefined, name: field.name };
}

/** Members no field of the operation names: the run never sends them, so their effect is open. */
function strangers(op: Operation, source: Readonly<Record<string, unknown>>, location: Field['in']): string[] {
  const known = new Set(op.fields.filter((f) => f.in === location).flatMap((f) => [f.name.toLowerCase(), ...(f.decisions?.includes('D10') ? [emailAlias] : [])]));
  if (location === 'query') known.add(versionParameter.toLowerCase());
  return Object.keys(source).filter((k) => !known.has(k.toLowerCase()));
}

export function requestVerdict(op: Operation, request: CaseRequest): RequestVerdict {
  if (op.fields.length === 0) return { kind: 'open', why: `${op.id} has no documented inputs (D3)` };
  if (request.repeatedQuery?.length) return { kind: 'open', why: `a query parameter given twice (${request.repeatedQuery.join(', ')}): the register does not rule on it` };
  if (request.rawBody?.startsWith('\uFEFF')) return { kind: 'open', why: 'D43: a body after a byte order mark may be accepted or refused' };
  const twice = duplicateMembers(request.rawBody);
  if (twice.length) return { kind: 'open', why: `D42: a member name given twice in one object (${[...new Set(twice)].join(', ')}) may be taken last or refused` };
  const inBody = op.fields.some((f) => f.in === 'body');
  const body = request.body;
  const type = request.headers['content-type'] ?? '';
  if (inBody && (!body || typeof body !== 'object' || Array.isArray(body) || !jsonType.test(type)))
    return { kind: 'open', why: 'the body is not a JSON object sent as JSON (D30)' };
  const sources: Record<Field['in'], Readonly<Record<string, unknown>>> = { body: (inBody ? body : {}) as Record<string, unknown>, query: request.query };
  const extra = [...strangers(op, sources.body, 'body'), ...strangers(op, sources.query, 'query')];
  const broken: BrokenField[] = [];
  const validKeys: string[] = [];
  const open: string[] = extra.map((k) => `member ${k} is not in the contract`);
  let refused: RequirementId | undefined;
  let alternatives: string[] = [];
  for (const field of op.fields) {
    const found = member(field, sources[field.in]);
    if (found === 'case') { open.push(`${field.name} sent in another letter case`); continue; }
    const key = fieldKey(op, { ...field, name: found.name });
    const verdict: FieldVerdict = field.in === 'query' ? queryValueVerdict(field, found.value as string | undefined) : bodyValueVerdict(field, found.value);
    if (verdict.kind === 'broken') {
      const id = fieldRequirementId(op, field, verdict.rule);
      if (!isRequirementId(id)) { open.push(`${field.name}: ${verdict.violation} names no requirement`); continue; }
      broken.push({ key, requirement: id, violation: verdict.violation });
      alternatives = [...alternatives, ...attributeAlternatives(op, field)];
      continue;
    }
    // D10: a valid value under the alias is open: the key is a profile setting the audit does not know, and a target may read
    // the table's key only (reading blind2-email-alias-ignored); a broken value stays broken whatever its key.
    if (found.name !== field.name && verdict.kind !== 'absent') { open.push(`${field.name} sent under its alias ${found.name} (D10: the key sent is a profile setting)`); continue; }
    if (verdict.kind === 'open') { open.push(`${field.name}: ${verdict.why}`); continue; }
    if (verdict.kind === 'absent') continue;
    if (field.type !== 'attributeList') { validKeys.push(key); continue; }
    const list = listVerdict(op, field, found.value as unknown[]);
    broken.push(...list.broken);
    validKeys.push(...list.validKeys);
    open.push(...list.open);
    if (list.broken.length) alternatives = [...alternatives, ...attributeAlternatives(op, field)];
    refused ??= list.refused;
    if (!list.broken.length && !list.open.length && !list.refused) validKeys.push(key);
  }
  if (refused && broken.length === 0) return { kind: 'refused', requirement: refused };
  if (broken.length) {
    const alt = [...new Set(alternatives)];
    return { kind: 'invalid', expectation: { kind: 'validation', operation: op.id, broken, validKeys, ...(alt.length ? { alternatives: alt } : {}) } };
  }
  if (open.length || refused) return { kind: 'open', why: open[0] ?? 'a refusal the run asserts only loosely' };
  return { kind: 'valid', expectation: acceptedExpectation(op) as Expectation & { kind: 'accepted' } };
}
