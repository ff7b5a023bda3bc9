/**
 * One line per cause (issue 29 item 3): when many cases or rows break for one reason (the
 * token endpoint refusing, a proxy gone), the console and summary.md say it once, with the
 * count and the first case, instead of once per case. Two texts are the same cause when they
 * differ only in what changes from case to case: ids, numbers, durations, URLs' ports.
 */
export interface Cause<T> {
  /** The first text of the cause, as it was written. */
  readonly text: string;
  readonly first: T;
  readonly count: number;
  readonly items: readonly T[];
}

/** Texts longer than this are compared by their beginning: the cause is stated first. */
const keyLength = 240;

/** The cause a text names, with what varies per case blanked out. */
export function causeKey(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\[[a-zA-Z]+:\*\*\*[0-9]*\]/g, '<masked>')
    .replace(/\d+(\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, keyLength);
}

/** Groups items by the cause their text names, in order of first appearance. */
export function groupByCause<T>(items: readonly T[], textOf: (item: T) => string): Cause<T>[] {
  const groups = new Map<string, { text: string; items: T[] }>();
  for (const item of items) {
    const text = textOf(item);
    const key = causeKey(text);
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { text, items: [item] });
  }
  return [...groups.values()].map((g) => ({ text: g.text, first: g.items[0]!, count: g.items.length, items: g.items }));
}

/** The console line of a cause met by several cases. */
export function causeLine(count: number, first: string, text: string, width = 300): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return `${count} cases broke for one cause (first: ${first}): ${one.length > width ? `${one.slice(0, width)}…` : one}`;
}
