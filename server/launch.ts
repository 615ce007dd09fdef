/**
 * How the server process is started (package.json `start`, the test and bench servers, the YouTube
 * demo); package.json spells the same flags out, since a script line cannot import this file.
 *
 * Memory (a warm server's RSS):
 * - The old generation is capped at SERVER_HEAP_MB (default 256). Without a cap V8 lets it grow
 *   with the machine's memory and what it once held stays resident: 560–860 MB after the bench's
 *   member runs, for about 100 MB of live data. The caches are bounded by bytes (24 + 24 + 8 MB), so
 *   256 leaves more than twice the live set; raise it for a very large site.
 * - The young generation gets 8 MB semi-spaces instead of up to 64 MB: scavenges stay cheap.
 * - glibc gives every thread that allocates an arena of its own (the thread pool, V8's workers) and
 *   keeps freed memory in each; two arenas are enough for one event loop.
 * Together: 230–290 MB after the same load (README, Memory).
 */
export const serverNodeArgs = (heapMB = Number(process.env.SERVER_HEAP_MB) || 256) => [
  `--max-old-space-size=${heapMB}`,
  '--max-semi-space-size=8',
  '--import',
  'tsx',
  'server/index.ts',
]

export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }
