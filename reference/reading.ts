/** One conformant alternative reading (readings.ts, readings-blind.ts); its own file so the two lists do not import each other. */
export interface Reading {
  /** kebab-case name, used in REFERENCE_READINGS and `startReference({ readings })`. */
  readonly name: string;
  /** The decision (D1..D30) or interface.md section that allows it. */
  readonly decision: string;
  /** One sentence: what the reference does under this reading. */
  readonly reads: string;
}
