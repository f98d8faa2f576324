/**
 * mulberry32: a tiny generator of numbers in [0, 1) whose whole sequence the seed decides, the same
 * on every run and platform. For what must come out the same each time: the demo assistant's
 * answers, a test's shuffles (a failing seed reproduces), a bench's data.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
