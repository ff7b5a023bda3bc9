import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldKey, formatOf, type Operation } from '../../contract/index.js';
import { sendProblem, sendValidationProblem, type ValidationError } from '../problems.js';
import type { SwitchSet } from '../switchboard.js';
import type { FieldRule } from '../validate/index.js';

/** Inputs under the round-2 blind readings (reference/readings-blind2.ts): what is read, refused or parsed otherwise. */

/**
 * The request as the readings read it, before validation (a copy; the body itself is left as sent):
 * `blind2-email-alias-ignored` drops EnrollCustomer's `email` member (D10), `blind2-page-size-whitespace`
 * trims pageSize as int.Parse does (D41).
 */
export function blind2ReadingInput(readings: SwitchSet, op: Operation, raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  let out = raw as Record<string, unknown>;
  if (readings.has('blind2-email-alias-ignored') && op.id === 'EnrollCustomer' && 'email' in out) {
    const { email: _alias, ...rest } = out;
    out = rest;
  }
  // Whitespace alone is no number for int.Parse either: it is left to fail as it is.
  if (readings.has('blind2-page-size-whitespace') && op.method === 'GET' && typeof out.pageSize === 'string' && out.pageSize.trim() !== '') out = { ...out, pageSize: out.pageSize.trim() };
  return out;
}

/** The free-text fields of D40 (names, address lines, city, nicknames, name on card, title, suffix, referrer code, country). */
const freeText = new Set(['firstName', 'lastName', 'middleInitial', 'title', 'suffix', 'addressLine1', 'addressLine2', 'city', 'cardNickname', 'nameOnCard', 'referrerCode', 'countryOfOrigin']);
/** Printable Latin-1: what a varchar column with a Latin-1 collation stores. */
const latin1 = /^[\x20-\x7E\xA0-\xFF]*$/;

/**
 * Refusals of the readings, run right after validation; true when one answered.
 * `blind2-body-not-object` (D30): a body that is not a JSON object is one 400 Problem.
 * `blind2-null-refused`, `blind2-free-text-latin1` (D40): one validation error per such member,
 * merged with the validation errors (a field already named is not named twice).
 */
export function blind2ReadingRefused(readings: SwitchSet, op: Operation, input: unknown, errors: readonly ValidationError[], request: FastifyRequest, reply: FastifyReply): boolean {
  const notObject = typeof input !== 'object' || input === null || Array.isArray(input);
  if (readings.has('blind2-body-not-object') && op.method === 'POST' && notObject) {
    sendProblem(reply, request, { status: 400, errorCode: 'INVALID_BODY', title: 'Bad Request', detail: 'The request body must be a JSON object.' });
    return true;
  }
  if (notObject) return false;
  const body = input as Record<string, unknown>;
  const extra: ValidationError[] = [];
  for (const field of op.fields) {
    const key = fieldKey(op, field);
    if (errors.some((e) => e.key === key)) continue;
    const value = body[field.name];
    if (readings.has('blind2-null-refused') && value === null && Object.hasOwn(body, field.name)) extra.push({ key, message: `The ${key.replace(/^(command|query)\./, '')} field must not be null.` });
    else if (readings.has('blind2-free-text-latin1') && freeText.has(field.name) && typeof value === 'string' && !latin1.test(value))
      extra.push({ key, message: `${key.replace(/^(command|query)\./, '')} may hold printable Latin-1 characters only.` });
  }
  if (extra.length === 0) return false;
  sendValidationProblem(reply, request, [...errors, ...extra]);
  return true;
}

/**
 * Reading `blind2-duplicate-members-refused` (D42): true when some JSON object of `text` names a
 * member twice (names compared after unescaping). A scanner, not a parser: malformed text is the
 * parser's to refuse.
 */
export function hasDuplicateMember(text: string): boolean {
  const stack: Array<{ keys: Set<string>; expectKey: boolean } | undefined> = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const top = stack.at(-1);
    if (ch === '{') stack.push({ keys: new Set(), expectKey: true });
    else if (ch === '[') stack.push(undefined);
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',' && top) top.expectKey = true;
    else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (top?.expectKey) {
        let name: string;
        try { name = JSON.parse(text.slice(i, j + 1)) as string; } catch { return false; }
        if (top.keys.has(name)) return true;
        top.keys.add(name);
        top.expectKey = false;
      }
      i = j;
    }
  }
  return false;
}

/** Reading `blind2-json-media-types-wide` (D43): the JSON media types ASP.NET Core's input formatter reads. */
export const wideJsonTypes: ReadonlyArray<string | RegExp> = ['text/json', /^application\/[a-z0-9.!#$&^_-]+\+json(\s*;|$)/i];

export function isWideJson(readings: SwitchSet, mediaType: string): boolean {
  return readings.has('blind2-json-media-types-wide') && (mediaType === 'text/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType));
}

/** Reading `blind2-email-strict` (D39): a dot-atom local part of at most 64 characters, a domain of two or more labels. */
const atext = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const strictEmail = new RegExp(`^(?=[^@]{1,64}@)${atext}(?:\\.${atext})*@${label}(?:\\.${label})+$`);

/** Reading `blind2-decimal-lenient` (D31): decimal.Parse's forms, `.5` and `2.` included. */
const lenientDecimal = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** Rule changes of the round-2 readings: amount (DDDDD.CC literally), decimal number (lenient), e-mail (strict). */
export function blind2ReadingAdjust(readings: SwitchSet, op: Operation, rule: FieldRule): FieldRule {
  let out = rule;
  if (rule.field.format === 'email' && out.pattern && readings.has('blind2-email-strict')) out = { ...out, pattern: strictEmail };
  const list = out.attributes;
  if (!list || op.id !== 'AddCustomerAttributes') return out;
  const fiveDigits = new RegExp(formatOf('amount').assertedValidPattern ?? formatOf('amount').pattern);
  const valueFormats = new Map([...list.valueFormats].map(([name, f]) => {
    const format = list.allowed.find((a) => a.name === name)?.valueFormat;
    if (format === 'amount' && readings.has('blind2-amount-five-digits')) return [name, { ...f, pattern: fiveDigits }] as const;
    if (format === 'decimalNumber' && readings.has('blind2-decimal-lenient')) return [name, { ...f, pattern: lenientDecimal }] as const;
    return [name, f] as const;
  }));
  return { ...out, attributes: { ...list, valueFormats } };
}
