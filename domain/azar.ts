// Deterministic pseudo-random numbers (mulberry32): the same seed gives the same sequence, so the
// demo store is the same on every install and a randomized test that fails repeats with its seed.

/** A generator of numbers in [0, 1) for `seed`. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
