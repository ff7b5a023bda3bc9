/** Switches a reference starts with (faults, readings), asked with `has('name')`. */
export interface SwitchSet {
  has(name: string): boolean;
  readonly names: readonly string[];
}

/**
 * The switches named in `names`, blanks ignored; a name `known` does not hold is refused
 * with the error `unknown` builds, so a typo never starts a reference that silently differs.
 */
export function switchSet(known: readonly string[], names: readonly string[], unknown: (name: string, known: readonly string[]) => Error): SwitchSet {
  const wanted = names.map((n) => n.trim()).filter((n) => n.length > 0);
  for (const name of wanted) if (!known.includes(name)) throw unknown(name, known);
  const set = new Set(wanted);
  return { has: (name) => set.has(name), names: [...set] };
}
