/**
 * mulberry32: a small seeded generator, the same sequence for the same seed on every platform.
 * Here, beside the profile, because both sides draw from a seed: the harness its people and plans
 * (generators/, certification/), the reference its chaos (which may import contract/ only).
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
