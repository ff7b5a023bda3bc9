import { hasDuplicateMember } from '../blind2/inputs.js';
import type { SwitchSet } from '../switchboard.js';

/** JSON text that JSON.parse accepted, read again so that the first of two same-named members counts. */
export function parseFirstWins(text: string): unknown {
  let i = 0;
  const literal = /true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const ws = () => { while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r') i++; };
  const str = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): unknown => {
    ws();
    if (text[i] === '{') {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') return (i++, out);
      for (;;) {
        ws();
        const key = str();
        ws();
        i++; // the colon
        const v = value();
        // defineProperty: a member named __proto__ stays an own member, as JSON.parse makes it.
        if (!Object.prototype.hasOwnProperty.call(out, key)) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i++] === '}') return out;
      }
    }
    if (text[i] === '[') {
      i++;
      const out: unknown[] = [];
      ws();
      if (text[i] === ']') return (i++, out);
      for (;;) {
        out.push(value());
        ws();
        if (text[i++] === ']') return out;
      }
    }
    if (text[i] === '"') return str();
    literal.lastIndex = i;
    const m = literal.exec(text)![0];
    i += m.length;
    return JSON.parse(m);
  };
  return value();
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Reading `blind4-duplicate-members-first-wins` (D42): a body with a member named twice is read
 * with the first value; malformed JSON is still refused as INVALID_JSON. True when it answered.
 */
export function blind4FirstWins(readings: SwitchSet, text: string, done: Done): boolean {
  if (!readings.has('blind4-duplicate-members-first-wins') || !hasDuplicateMember(text)) return false;
  try {
    JSON.parse(text);
  } catch (error) {
    done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    return true;
  }
  done(null, parseFirstWins(text));
  return true;
}
