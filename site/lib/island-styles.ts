// Astro writes its island rule (`astro-island,astro-slot,astro-static-slot{display:contents}`) as
// a <style> element just before the first island in <body>, wherever that is (the header's
// buttons on every page). HTML allows <style> only in <head> (the Nu checker's error on every
// page), and Astro 7 has no option to move or drop it, so the page's HTML stream leaves it out and
// the same rule ships in the site's stylesheet (site/styles/global.css), which <head> links.
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js'

export { ISLAND_STYLES }

const NEEDLE = Buffer.from(`<style>${ISLAND_STYLES}</style>`)

/**
 * The HTML stream without Astro's island <style>. Astro writes it at most once per page, so the
 * search stops at the first match; until then the last few bytes of each chunk wait for the next
 * one, in case the element is split between two chunks.
 */
export function withoutIslandStyle(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let carry: Buffer = Buffer.alloc(0)
  let found = false
  return body.pipeThrough(
    new TransformStream<Uint8Array | string, Uint8Array>({
      transform(chunk, controller) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        if (found) return controller.enqueue(bytes)
        const data = carry.length ? Buffer.concat([carry, bytes]) : bytes
        const at = data.indexOf(NEEDLE)
        if (at >= 0) {
          found = true
          carry = Buffer.alloc(0)
          if (at > 0) controller.enqueue(data.subarray(0, at))
          if (at + NEEDLE.length < data.length) controller.enqueue(data.subarray(at + NEEDLE.length))
          return
        }
        const keep = Math.min(NEEDLE.length - 1, data.length)
        if (data.length > keep) controller.enqueue(data.subarray(0, data.length - keep))
        // A copy: the source chunk's memory may be reused once handed on.
        carry = Buffer.from(data.subarray(data.length - keep))
      },
      flush(controller) {
        if (carry.length) controller.enqueue(carry)
      },
    }),
  )
}

/** An HTML page's response with its body through withoutIslandStyle; anything else unchanged. */
export function stripIslandStyle(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response
  return new Response(withoutIslandStyle(response.body), { status: response.status, statusText: response.statusText, headers: response.headers })
}
