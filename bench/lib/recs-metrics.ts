// Ranking metrics of the For You evaluation. Relevance is binary: an item is relevant when the
// member engaged with it in their held-out session.

/** Share of the first k of the list that are relevant (a list shorter than k still divides by k). */
export function precisionAtK(list: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (k <= 0) return 0
  let hits = 0
  for (const key of list.slice(0, k)) if (relevant.has(key)) hits++
  return hits / k
}

/** Share of the relevant items that the first k of the list found. */
export function recallAtK(list: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0
  let hits = 0
  for (const key of list.slice(0, k)) if (relevant.has(key)) hits++
  return hits / relevant.size
}

/**
 * nDCG@k with binary gains: Σ 1/log2(rank + 1) over the relevant items in the first k, divided by
 * the same sum for an ideal list (all relevant items first, at most k of them). 0 with nothing relevant.
 */
export function ndcgAtK(list: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const ideal = Math.min(relevant.size, k)
  if (ideal === 0) return 0
  let dcg = 0
  list.slice(0, k).forEach((key, i) => {
    if (relevant.has(key)) dcg += 1 / Math.log2(i + 2)
  })
  let idcg = 0
  for (let i = 0; i < ideal; i++) idcg += 1 / Math.log2(i + 2)
  return dcg / idcg
}

/** Catalogue coverage: the share of the catalogue's items that appear in at least one list. */
export function coverage(lists: readonly (readonly string[])[], catalogueSize: number): number {
  if (catalogueSize === 0) return 0
  const seen = new Set<string>()
  for (const list of lists) for (const key of list) seen.add(key)
  return seen.size / catalogueSize
}

/** The p-th percentile (0–100) by linear interpolation between the closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1)
  const lo = Math.floor(rank)
  const hi = Math.ceil(rank)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo)
}

export const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((s, v) => s + v, 0) / values.length)

/** A mean with its 95% confidence half-width (normal approximation, sample standard deviation). */
export function meanWithCi(values: readonly number[]): { mean: number; ci95: number } {
  const m = mean(values)
  if (values.length < 2) return { mean: m, ci95: 0 }
  const variance = values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1)
  return { mean: m, ci95: 1.96 * Math.sqrt(variance / values.length) }
}

/** Paired differences a[i] − b[i] (the same members under two methods). */
export function pairedDifference(a: readonly number[], b: readonly number[]): { mean: number; ci95: number } {
  if (a.length !== b.length) throw new Error('paired samples differ in length')
  return meanWithCi(a.map((v, i) => v - b[i]!))
}
