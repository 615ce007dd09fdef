// The RTMP listener OBS publishes to (rtmp://host:RTMP_PORT/live/{streamKey}): our own net.Server,
// with node-media-server's protocol layer per connection (README.md: why not its server class).
import net from 'node:net'

import type { Payload } from 'payload'

import { rtmpPort } from '../urls'
import { handleRtmpConnection } from './session'

/** Connections at once (publishers are a handful; the rest is someone knocking). */
const MAX_CONNECTIONS = 64

export type RtmpIngest = { port: number; close: () => Promise<void> }

/**
 * Starts the ingest on `port` (RTMP_PORT; 0 turns it off), bound like the HTTP server. A port
 * that is taken is logged and the site keeps running without live ingest. Resolves to null when off
 * or not listening.
 */
export function startRtmpIngest(payload: Payload, port = rtmpPort()): Promise<RtmpIngest | null> {
  if (port === 0) return Promise.resolve(null)
  const sockets = new Set<net.Socket>()
  const windingUp = new Set<Promise<void>>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    const wound = handleRtmpConnection(socket, { payload })
    windingUp.add(wound)
    void wound.finally(() => windingUp.delete(wound))
  })
  server.maxConnections = MAX_CONNECTIONS
  return new Promise((resolve) => {
    server.once('error', (err) => {
      payload.logger.error({ err, port }, 'RTMP ingest could not listen: live streams from OBS are off')
      resolve(null)
    })
    server.listen(port, () => {
      server.on('error', (err) => payload.logger.error({ err }, 'RTMP ingest error'))
      payload.logger.info({ port }, 'RTMP ingest is up')
      resolve({
        port,
        close: async () => {
          const closed = new Promise<void>((done) => server.close(() => done()))
          // Publishers are let go: each publish winds up (recording closed, the grace period
          // queued) while the database is still open.
          for (const socket of sockets) socket.destroy()
          await Promise.all([closed, ...windingUp])
        },
      })
    })
  })
}
