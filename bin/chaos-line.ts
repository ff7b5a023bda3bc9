/**
 * What the embedded reference's chaos mode injected in a run, in one line printed after the
 * verdict: the reference's own count, to hold against the target health the report gives.
 */
export function chaosLine(injected: Readonly<Record<string, number>>): string {
  const total = Object.values(injected).reduce((n, v) => n + v, 0);
  return `Reference chaos (REFERENCE_CHAOS) injected ${total} transient fault(s): ${Object.entries(injected).map(([k, v]) => `${k} ${v}`).join(', ')}`;
}
