import { sessionAttributes, customerAttributes } from '../contract/attributes.js';
import { KnownValues } from './known-values.js';

/**
 * Masks secrets and personal data before anything is printed or written.
 *
 * Mask format: `[<kind>:***]`, e.g. `[ssn:***]`, `[accessToken:***]`; card numbers keep their
 * last four digits, `[cardNumber:***1111]`, so a reader can tell two cards apart.
 *
 * Two passes: `redact(text)` replaces every value learnt so far (also in its URL-encoded
 * form) wherever it appears; `redactJson(value)` also masks JSON members by name, so a value
 * the harness never learnt (a target echoing an SSN it generated) is still hidden.
 */
export type SecretKind =
  | 'clientSecret' | 'basicCredentials' | 'accessToken' | 'sessionId' | 'ssoToken'
  | 'ssn' | 'cardNumber' | 'cardToken' | 'dateOfBirth' | 'proxyCredentials';

/** Values shorter than this are only masked structurally (a 1-character "secret" would mask everything). */
const minTextLength = 4;

/** JSON members (and headers) masked by name, compared case-insensitively. */
export const sensitiveMembers: Readonly<Record<string, SecretKind>> = {
  ssn: 'ssn',
  cardnumber: 'cardNumber',
  cardtoken: 'cardToken',
  dateofbirth: 'dateOfBirth',
  ssotoken: 'ssoToken',
  access_token: 'accessToken',
  client_secret: 'clientSecret',
  authorization: 'accessToken',
  sessionid: 'sessionId',
};

/** Attribute items `{name, value}` whose value is sensitive, by attribute name. */
const attributeNames = new Set([...customerAttributes.attributes!.allowed, ...sessionAttributes.attributes!.allowed].map((a) => a.name));
export const sensitiveAttributes: Readonly<Record<string, SecretKind>> = Object.fromEntries(
  ([['SSN', 'ssn'], ['SsoToken', 'ssoToken'], ['AccountNumberFilter', 'cardNumber']] as const).filter(([n]) => attributeNames.has(n)),
);

export function mask(kind: SecretKind, value: string): string {
  if (kind === 'cardNumber' && /^[0-9]{12,}$/.test(value)) return `[cardNumber:***${value.slice(-4)}]`;
  return `[${kind}:***]`;
}


export class Redactor {
  /** Every learnt value and its mask: one pass over a text whatever the number of values (an audit learns thousands). */
  private readonly known = new KnownValues();

  /** Remember a value the harness sent or received; later text containing it is masked. */
  learn(value: string | undefined | null, kind: SecretKind): void {
    if (typeof value !== 'string' || value.length < minTextLength) return;
    const masked = mask(kind, value);
    for (const form of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) this.known.set(form, masked);
  }

  /** Learn every sensitive member and attribute of a JSON value (request or response body). */
  learnJson(value: unknown): void {
    walk(value, (kind, v) => {
      if (kind === 'cardNumber' && v.includes(',')) v.split(',').forEach((part) => this.learn(part.trim(), kind));
      this.learn(v, kind);
    });
  }

  /** Mask every learnt value in free text. */
  redact(text: string): string {
    if (this.known.size === 0 || text === '') return text;
    return this.known.replaceIn(text);
  }

  /** A deep copy with sensitive members masked by name, and learnt values masked in every string. */
  redactJson(value: unknown): unknown {
    return copy(value, this);
  }

  /** JSON text: parsed, masked structurally, printed again; other text: the text pass only. */
  redactBody(text: string): string {
    try {
      return JSON.stringify(this.redactJson(JSON.parse(text)));
    } catch {
      return this.redact(text);
    }
  }

  redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(headers).map(([k, v]) => {
        const kind = sensitiveMembers[k.toLowerCase()];
        if (!kind) return [k, this.redact(v)];
        const scheme = k.toLowerCase() === 'authorization' ? /^(\w+)\s/.exec(v)?.[1] : undefined;
        return [k, scheme ? `${scheme} ${mask(scheme.toLowerCase() === 'basic' ? 'basicCredentials' : kind, v)}` : mask(kind, v)];
      }),
    );
  }
}

function attributeKind(item: Record<string, unknown>): SecretKind | undefined {
  const name = Object.entries(item).find(([k]) => k.toLowerCase() === 'name')?.[1];
  return typeof name === 'string' ? sensitiveAttributes[name] : undefined;
}

function walk(value: unknown, visit: (kind: SecretKind, v: string) => void): void {
  if (Array.isArray(value)) return value.forEach((v) => walk(v, visit));
  if (!value || typeof value !== 'object') return;
  const item = value as Record<string, unknown>;
  const itemKind = attributeKind(item);
  for (const [k, v] of Object.entries(item)) {
    const kind = sensitiveMembers[k.toLowerCase()] ?? (itemKind && k.toLowerCase() === 'value' ? itemKind : undefined);
    if (kind && typeof v === 'string') visit(kind, v);
    // A number is learnt as its digits, an array's strings only where they hold a digit, as every SSN,
    // card number and token the harness writes does: the json-type operators put harness words in
    // arrays (["conformance"]), and a word learnt as a secret was masked in every report.
    else if (kind && carriesText(v)) carriedTexts(v).forEach((t) => visit(kind, t));
    else walk(v, visit);
  }
}

/**
 * A sensitive member's value of another JSON type still carries it: the field rules send an SSN or a
 * card number as the number it writes, or in an array (generators/breakages.ts wrongTypes), so those
 * are learnt and masked as the string would be.
 */
const carriesText = (v: unknown): boolean => typeof v === 'number' || (Array.isArray(v) && v.some((x) => typeof x === 'string' || typeof x === 'number'));
const carriedTexts = (v: unknown): string[] =>
  (typeof v === 'number' ? [String(v)] : Array.isArray(v) ? v.flatMap((x) => (typeof x === 'number' || (typeof x === 'string' && /[0-9]/.test(x)) ? [String(x)] : [])) : []);

/** `v` with its number, or the strings and numbers of its array, masked as `kind`. */
const maskCarried = (kind: SecretKind, v: unknown): unknown =>
  (Array.isArray(v) ? v.map((x) => (typeof x === 'string' || typeof x === 'number' ? mask(kind, String(x)) : x)) : mask(kind, String(v)));

function copy(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.redact(value);
  if (Array.isArray(value)) return value.map((v) => copy(v, redactor));
  if (!value || typeof value !== 'object') return value;
  const item = value as Record<string, unknown>;
  const itemKind = attributeKind(item);
  return Object.fromEntries(
    Object.entries(item).map(([k, v]) => {
      const kind = sensitiveMembers[k.toLowerCase()] ?? (itemKind && k.toLowerCase() === 'value' ? itemKind : undefined);
      return [k, kind && typeof v === 'string' ? mask(kind, v) : kind && carriesText(v) ? maskCarried(kind, v) : copy(v, redactor)];
    }),
  );
}
