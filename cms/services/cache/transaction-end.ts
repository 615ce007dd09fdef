import type { PayloadRequest } from 'payload'

type TransactionSession = { resolve: () => unknown; reject: () => unknown }
type Ending = { callbacks: Set<(committed: boolean) => void> }

const endings = new WeakMap<object, Ending>()

/**
 * Runs `callback` once the database transaction `req` writes in has ended (committed: true; rolled
 * back: false), and resolves true; resolves false, calling nothing, when `req` has no open transaction
 * (its writes are committed as they happen).
 *
 * Payload runs hooks, and hands adapter writes, inside the write's transaction: a reader on
 * another connection still sees the old rows until the commit. Caches are cleared once more here
 * so nothing read in between outlives the commit. The drizzle adapter keeps each transaction as a
 * session whose `resolve`/`reject` Payload's commit/rollback awaits, so the callbacks run before
 * the writer gets its answer.
 */
export async function afterTransactionEnds(req: Partial<PayloadRequest> | undefined, callback: (committed: boolean) => void): Promise<boolean> {
  if (!req?.transactionID) return false
  const id = req.transactionID instanceof Promise ? await req.transactionID : req.transactionID
  if (id === null || id === undefined) return false
  const sessions = (req.payload?.db as { sessions?: Record<string, TransactionSession | undefined> } | undefined)?.sessions
  const session = sessions?.[String(id)]
  if (!session) return false
  let ending = endings.get(session)
  if (!ending) {
    const created: Ending = { callbacks: new Set() }
    ending = created
    endings.set(session, created)
    for (const end of ['resolve', 'reject'] as const) {
      const original = session[end]
      session[end] = async () => {
        let committed = false
        try {
          const result = await original()
          committed = end === 'resolve'
          return result
        } finally {
          for (const run of created.callbacks) {
            try {
              run(committed)
            } catch (error) {
              // The transaction is over by now: failing the writer's answer would not undo it.
              req.payload?.logger.error({ err: error }, 'a callback after a transaction failed')
            }
          }
          created.callbacks.clear()
        }
      }
    }
  }
  ending.callbacks.add(callback)
  return true
}
