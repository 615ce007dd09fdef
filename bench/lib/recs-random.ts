// A seeded random source for the For You evaluation (`npm run eval:recs`): the same seed gives the
// same population, the same histories and so the same figures on every machine.

export type Rng = {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [0, n). */
  int(n: number): number
  /** Standard normal (Box–Muller). */
  normal(): number
  /** Poisson with mean `mean` (Knuth; the means used here are small). */
  poisson(mean: number): number
  /** Gumbel(0, 1): adding it to utilities and taking the top k samples a softmax without replacement. */
  gumbel(): number
  pick<T>(items: readonly T[]): T
  /** An index drawn in proportion to `weights` (all ≥ 0, not all 0). */
  weighted(weights: readonly number[]): number
  /** `k` distinct indexes of [0, n), in random order. */
  sample(n: number, k: number): number[]
}

/** sfc32 seeded through splitmix32: fast, and good enough for simulation. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = splitmix()
  let b = splitmix()
  let c = splitmix()
  let d = splitmix()
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t / 4294967296
  }
  for (let i = 0; i < 12; i++) next()

  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      const u = 1 - next()
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next())
    },
    poisson: (mean) => {
      const limit = Math.exp(-mean)
      let k = 0
      let p = next()
      while (p > limit) {
        k++
        p *= next()
      }
      return k
    },
    gumbel: () => -Math.log(-Math.log(next() * (1 - 1e-12) + 1e-12)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (weights) => {
      let total = 0
      for (const w of weights) total += w
      let r = next() * total
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i]!
        if (r < 0) return i
      }
      return weights.length - 1
    },
    sample: (n, k) => {
      const all = Array.from({ length: n }, (_, i) => i)
      const take = Math.min(k, n)
      for (let i = 0; i < take; i++) {
        const j = i + Math.floor(next() * (n - i))
        ;[all[i], all[j]] = [all[j]!, all[i]!]
      }
      return all.slice(0, take)
    },
  }
  return rng
}
