import fc from 'fast-check';

/**
 * One value of each arbitrary, drawn with `seed`: the deterministic coverage phase a property
 * runs before its random cases. Random choice among many classes meets each only by chance, so
 * a short or unlucky run would leave a documented rule unchecked (exit 4) on a conformant target;
 * one case per class first makes coverage independent of the seed and of CONFORMANCE_RUNS.
 */
export function oneOfEach<T>(arbitraries: readonly fc.Arbitrary<T>[], seed: number): T[] {
  return arbitraries.map((a, i) => fc.sample(a, { seed: (seed + i) | 0, numRuns: 1 })[0]!);
}

/** The one value `arbitrary` gives for `seed`. */
export function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0]!;
}
