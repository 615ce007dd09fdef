/**
 * What a bench started (servers, databases) is stopped in reverse order: when it ends, and on
 * Ctrl-C or SIGTERM (then the process exits with 130). Push a stop function as each thing starts.
 */
export function benchCleanups() {
  const cleanups: Array<() => Promise<void>> = []
  const cleanUp = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((error) => console.error('cleanup failed:', error))
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)))
  return { cleanups, cleanUp }
}
