// Where OBS publishes and where players read a stream (cms/services/live/README.md).
import { RTMP_APP } from '../../../shared/constants'

export const DEFAULT_RTMP_PORT = 1935

/** The port the RTMP ingest listens on (RTMP_PORT; 0 turns ingest off). */
export function rtmpPort(): number {
  const raw = process.env.RTMP_PORT
  if (raw === undefined || raw.trim() === '') return DEFAULT_RTMP_PORT
  const port = Number(raw)
  return Number.isInteger(port) && port >= 0 && port < 65536 ? port : DEFAULT_RTMP_PORT
}

/**
 * The server URL to paste into OBS: RTMP_PUBLIC_URL when set (a proxy or a CDN's ingest in front),
 * otherwise rtmp://{SERVER_URL's host}:{RTMP_PORT}/live. Publishing to `{this}/{streamKey}` goes live.
 */
export function rtmpServerUrl(): string {
  const configured = process.env.RTMP_PUBLIC_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  let host = 'localhost'
  try {
    if (process.env.SERVER_URL) host = new URL(process.env.SERVER_URL).hostname || host
  } catch {
    // A SERVER_URL that is not a URL: the loopback name still works on this machine.
  }
  return `rtmp://${host.includes(':') ? `[${host}]` : host}:${rtmpPort()}/${RTMP_APP}`
}
