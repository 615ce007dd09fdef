/**
 * How the server process is started (package.json `start`, the test and bench servers, the YouTube
 * demo); package.json spells the same flags out, since a script line cannot import this file.
 *
 * Memory (a warm server's RSS): V8 sizes the young generation from the machine's memory, up to
 * 64 MB per semi-space here, and what it once filled stays resident; 8 MB keeps scavenges cheap
 * and frequent. glibc gives every thread that allocates an arena of its own (the thread pool, V8's
 * workers) and keeps freed memory in each; two arenas are enough for one event loop. Together they
 * took a warm server from 490–620 MB to 340–380 MB on the bench's routes (README, Memory).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--import', 'tsx', 'server/index.ts']

export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' }
