// Identical dashboard reads that arrive while one is being computed share its answer: several
// admins (or browser tabs) polling at once cost one computation, and no answer is older than the
// computation it waited for (nothing is kept after it finishes).
const inFlight = new Map<string, Promise<unknown>>()

export function sharedInFlight<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined
  if (running) return running
  const started = compute().finally(() => inFlight.delete(key))
  inFlight.set(key, started)
  return started
}
