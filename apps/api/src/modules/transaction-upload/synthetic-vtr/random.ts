/**
 * mulberry32: a 32-bit seeded generator, small and fast enough for a million rows, and the same sequence on every
 * machine and Node version — which is what "same seed, same bytes" needs (Math.random cannot be seeded).
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, size). */
  below(size: number): number;
  /** An integer in [min, max], both included. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (size: number) => Math.floor(next() * size);
  return {
    next,
    below,
    between: (min, max) => min + below(max - min + 1),
    pick: <T>(items: readonly T[]): T => {
      const item = items[below(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability) => next() < probability,
  };
}
