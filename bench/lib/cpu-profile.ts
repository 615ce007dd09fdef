// Sorting a V8 CPU profile's samples into buckets by the code they ran in (bench/profile*.ts).

/** First match wins: a function's script URL → the step it belongs to. */
const BUCKETS: [string, RegExp][] = [
  ['auth (payload.auth, JWT, sessions)', /payload\/dist\/auth|jose|jsonwebtoken|node:crypto|internal\/crypto/],
  ['database driver (pg, drizzle)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm|@payloadcms\/drizzle|@payloadcms\/db-postgres)\//],
  ['Payload Local API (find, hooks, access, fields)', /node_modules\/payload\//],
  ['rich text (lexical)', /lexical|@payloadcms\/richtext-lexical/],
  ['Astro rendering', /node_modules\/astro\/|dist-[^/]+\/server\/|\/dist\/server\//],
  ['React SSR (islands)', /react-dom|node_modules\/react\//],
  ['Express, compression, http', /node_modules\/(express|router|compression|send|serve-static|finalhandler|body-parser|on-finished|mime)|node:_http|internal\/http|node:net|internal\/stream|node:stream/],
  ['zod', /node_modules\/zod\//],
  ['app code (cms/, site/, shared/)', /\/(cms|site|shared|server)\//],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\((idle|program)\)$/],
]

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

function bucketOf(node: ProfileNode): string {
  const key = node.callFrame.url || `(${node.callFrame.functionName.replace(/[()]/g, '')})`
  for (const [name, pattern] of BUCKETS) if (pattern.test(key)) return name
  return node.callFrame.url ? 'other JS' : `other (${node.callFrame.functionName || 'native'})`
}

/**
 * Self time per bucket, as a share of the busy (non-idle) time, counting only the samples of the
 * measured window (the profile also covers start-up and shutdown): `window` is in µs before the
 * profile's end.
 */
export function summarise(profile: CpuProfile, window: { fromEnd: number; length: number }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  const functions = new Map<string, number>()
  const to = profile.endTime - window.fromEnd
  const from = to - window.length
  let t = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    t += delta
    if (t < from || t > to) return
    const node = byId.get(id)!
    const bucket = bucketOf(node)
    totals.set(bucket, (totals.get(bucket) ?? 0) + delta)
    if (bucket !== 'idle') {
      const where = `${node.callFrame.functionName || '(anonymous)'} ${shortUrl(node.callFrame.url)}`
      functions.set(where, (functions.get(where) ?? 0) + delta)
    }
  })
  totals.delete('idle')
  const busy = [...totals.values()].reduce((a, b) => a + b, 0)
  const share = (m: Map<string, number>) => [...m.entries()].map(([k, v]) => [k, v / busy] as [string, number]).sort((a, b) => b[1] - a[1])
  return { buckets: share(totals), functions: share(functions).slice(0, TOP_FUNCTIONS) }
}

const TOP_FUNCTIONS = 12
const shortUrl = (url: string) => url.replace(/^file:\/\/\/.*?\/(node_modules|dist-[^/]+|cms|site|shared|server)\//, '$1/')
