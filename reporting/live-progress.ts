/**
 * Progress of a long property, from the vitest worker that runs it to the live reporter in the
 * main process. A worker's console output is the one channel vitest forwards while a test runs, so
 * progress travels as a console line with a marker the reporter recognises and never prints as is.
 */
const marker = '\u0000partner-conformance:progress ';

export interface PropertyProgress {
  readonly suite: string;
  readonly property: string;
  readonly done: number;
  readonly planned: number;
  readonly failed: number;
}

export const formatProgressMessage = (p: PropertyProgress): string => `${marker}${JSON.stringify(p)}`;

export function parseProgressMessage(content: string): PropertyProgress | undefined {
  const at = content.indexOf(marker);
  if (at < 0) return undefined;
  try {
    return JSON.parse(content.slice(at + marker.length)) as PropertyProgress;
  } catch {
    return undefined;
  }
}

/**
 * Counts the cases of one property and reports them at most every `everyMs`, so a property of a
 * few fast cases sends nothing and a slow one a line a second. Cases past `planned` are shrinking.
 */
export function progressCounter(suite: string, property: string, planned: number, options: { everyMs?: number; now?: () => number; send?: (message: string) => void } = {}) {
  const every = options.everyMs ?? 1_000;
  const now = options.now ?? Date.now;
  const send = options.send ?? ((m: string) => console.log(m));
  let done = 0;
  let failed = 0;
  let last = now();
  return (caseFailed: boolean): void => {
    done += 1;
    if (caseFailed) failed += 1;
    if (now() - last < every) return;
    last = now();
    send(formatProgressMessage({ suite, property, done, planned, failed }));
  };
}

/** The one line a terminal shows for the property in progress; rewritten in place, cleared before any other line. */
export class ProgressLine {
  #shown = false;
  constructor(private readonly writeRaw: (text: string) => void, private readonly columns: () => number = () => process.stdout.columns || 100) {}

  show(p: PropertyProgress): void {
    const phase = p.done > p.planned ? `shrinking (${p.done - p.planned} tries)` : `${p.done}/${p.planned} cases`;
    // Numbers first: a narrow terminal cuts the property's name, not the count.
    const suite = p.suite.replace(/^.*\//, '').replace(/\.conformance\.ts$/, '');
    const line = `  … ${phase}, ${p.failed} failed so far · ${suite} › ${p.property}`;
    this.writeRaw(`\r\u001b[K${line.slice(0, Math.max(20, this.columns() - 1))}`);
    this.#shown = true;
  }

  clear(): void {
    if (!this.#shown) return;
    this.writeRaw('\r\u001b[K');
    this.#shown = false;
  }
}
