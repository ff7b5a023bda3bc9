/**
 * How the headers the document names are spelt on the wire (RFC 9110 section 5.1: field names are
 * case-insensitive). The client's own requests write authorization and content-type in lower case
 * and the session pair and apiVersion as the document does; a probe spells them all the document's
 * way, or some of them in lower or upper case (a target that looks a name up with an ordinal
 * compare in the raw header list refuses the request). undici sends an HTTP/1.1 name as given.
 */
export type HeaderSpelling = 'documented' | 'lower' | 'upper';

export interface HeaderNames {
  readonly spelling: HeaderSpelling;
  /** The documented names to spell that way (by default every one); the others are spelt as documented. */
  readonly only?: readonly string[];
}

export function spelt(name: string, spelling: HeaderSpelling): string {
  return spelling === 'lower' ? name.toLowerCase() : spelling === 'upper' ? name.toUpperCase() : name;
}

/** `headers` with every name that is one of `documented` (in any case) spelt as `names` asks; values and other names kept. */
export function respell(headers: Readonly<Record<string, string>>, documented: readonly string[], names: HeaderNames): Record<string, string> {
  const byLower = new Map(documented.map((d) => [d.toLowerCase(), d]));
  const chosen = new Set((names.only ?? documented).map((n) => n.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => {
    const d = byLower.get(k.toLowerCase());
    return [d === undefined ? k : spelt(d, chosen.has(d.toLowerCase()) ? names.spelling : 'documented'), v];
  }));
}
