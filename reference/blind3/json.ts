import type { SwitchSet } from '../switchboard.js';

/** JSON writing and reading of the round-3 blind readings (reference/readings-blind3.ts). */

export interface WriteOptions {
  /** blind3-members-sorted: members in ordinal order. */
  readonly sort: boolean;
  /** blind3-json-indented: Jackson's INDENT_OUTPUT layout. */
  readonly indent: boolean;
  /** blind3-json-escaped: System.Text.Json's default encoder. */
  readonly escape: boolean;
}

const hex4 = (code: number): string => `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** A JSON string literal; with `escape`, non-ASCII and HTML-sensitive characters as \uXXXX (UTF-16 units). */
function stringLiteral(s: string, escape: boolean): string {
  const plain = JSON.stringify(s);
  if (!escape) return plain;
  let out = '';
  for (let i = 0; i < plain.length; i += 1) {
    const code = plain.charCodeAt(i);
    out += code > 0x7e || '<>&\'+`'.includes(plain[i]!) ? hex4(code) : plain[i];
  }
  return out;
}

/** `value` written as JSON under the readings' options. */
export function writeJson(value: unknown, o: WriteOptions, depth = 0): string {
  const pad = (d: number) => (o.indent ? `\n${'  '.repeat(d)}` : '');
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return stringLiteral(value, o.escape);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${value.map((v) => `${pad(depth + 1)}${writeJson(v ?? null, o, depth + 1)}`).join(',')}${pad(depth)}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (o.sort) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (entries.length === 0) return '{}';
    const sep = o.indent ? ' : ' : ':';
    return `{${entries.map(([k, v]) => `${pad(depth + 1)}${stringLiteral(k, o.escape)}${sep}${writeJson(v, o, depth + 1)}`).join(',')}${pad(depth)}}`;
  }
  return 'null';
}

/**
 * Reading `blind3-json-comments-trailing-commas` (RFC 8259 section 9): the body without its
 * comments and without a comma that only whitespace separates from } or ]. Strings are kept as sent.
 */
export function lenientJson(readings: SwitchSet, text: string): string {
  if (!readings.has('blind3-json-comments-trailing-commas')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return withoutTrailingCommas(out);
}

/** `text` (comments already gone) without a comma, outside strings, that only whitespace separates from } or ]. */
function withoutTrailingCommas(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === ',' && /^\s*[}\]]/.test(text.slice(i + 1))) continue;
    else {
      inString = c === '"';
      out += c;
    }
  }
  return out;
}
