/**
 * The values a Redactor has learnt and their masks, found in text longest first. One alternation of
 * every value was rebuilt after each value learnt: a worker learns a value or two per request and
 * masks text in between, so rebuilding grew with the square of the run (3,000 values: 6 s). The
 * values are kept in tiers whose sizes at least double from the newest to the oldest (two neighbours
 * that come within a factor of two are merged, as a binary counter carries), so each value is
 * compiled into a pattern about log2(n) times. Masking scans the text once, taking at each position
 * the earliest match of any tier and, at the same position, the longest: what the one alternation of
 * every value, longest first, would take.
 */
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class Tier {
  private compiled: RegExp | undefined;
  constructor(readonly values: string[]) {}

  get pattern(): RegExp {
    this.compiled ??= new RegExp([...this.values].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
    return this.compiled;
  }
}

export class KnownValues {
  private readonly masks = new Map<string, string>();
  /** Oldest (largest) first. */
  private readonly tiers: Tier[] = [];

  get size(): number {
    return this.masks.size;
  }

  set(value: string, masked: string): void {
    const known = this.masks.has(value);
    this.masks.set(value, masked);
    if (known) return;
    this.tiers.push(new Tier([value]));
    for (let n = this.tiers.length; n >= 2 && this.tiers[n - 2]!.values.length <= 2 * this.tiers[n - 1]!.values.length; n = this.tiers.length) {
      const newest = this.tiers.pop()!;
      const older = this.tiers.pop()!;
      this.tiers.push(new Tier([...older.values, ...newest.values]));
    }
  }

  /** `text` with every known value replaced by its mask. */
  replaceIn(text: string): string {
    const tiers = this.tiers.map((t) => t.pattern);
    let out = '';
    let at = 0;
    for (;;) {
      let best: RegExpExecArray | undefined;
      for (const tier of tiers) {
        tier.lastIndex = at;
        const m = tier.exec(text);
        if (m && (!best || m.index < best.index || (m.index === best.index && m[0].length > best[0].length))) best = m;
      }
      if (!best) return out + text.slice(at);
      out += text.slice(at, best.index) + this.masks.get(best[0])!;
      at = best.index + best[0].length;
    }
  }
}
