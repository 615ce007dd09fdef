// The baseline server process: express.static over the saved pages, on a free loopback port.
// Run by ./baseline.ts in a process of its own, so it never shares an event loop with autocannon.
import type { AddressInfo } from 'node:net'

import express from 'express'

const dir = process.argv[2]
if (!dir) throw new Error('usage: baseline-server.ts <directory>')

const app = express()
app.disable('x-powered-by')
app.use(express.static(dir, { index: false }))
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port })
})
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
