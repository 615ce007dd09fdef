import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ISLAND_STYLES, stripIslandStyle, withoutIslandStyle } from './island-styles'

const STYLE = `<style>${ISLAND_STYLES}</style>`
const PAGE = `<!doctype html><html><head><title>t</title></head><body><header><a href="/">Home</a>${STYLE}<script>/*loader*/</script><astro-island></astro-island></header></body></html>`

const streamOf = (chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
      controller.close()
    },
  })

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text()

describe('withoutIslandStyle', () => {
  it('drops the island <style> and keeps every other byte', async () => {
    expect(await read(withoutIslandStyle(streamOf([PAGE])))).toBe(PAGE.replace(STYLE, ''))
  })

  it('finds it split across chunks at every position', async () => {
    const expected = PAGE.replace(STYLE, '')
    for (let cut = 1; cut < PAGE.length; cut++) {
      expect(await read(withoutIslandStyle(streamOf([PAGE.slice(0, cut), PAGE.slice(cut)])))).toBe(expected)
    }
    // One byte at a time.
    expect(await read(withoutIslandStyle(streamOf([...PAGE])))).toBe(expected)
  })

  it('leaves a page without it, and a second copy, alone', async () => {
    const plain = '<!doctype html><p>no islands here</p>'
    expect(await read(withoutIslandStyle(streamOf([plain])))).toBe(plain)
    const twice = `<p>${STYLE}</p><p>${STYLE}</p>`
    expect(await read(withoutIslandStyle(streamOf([twice])))).toBe(`<p></p><p>${STYLE}</p>`)
  })

  it('keeps multi-byte text whole across chunk edges', async () => {
    const text = `<p>Voilà — ✊🏾 ${STYLE} déjà</p>`
    const bytes = new TextEncoder().encode(text)
    const chunks = [bytes.subarray(0, 9), bytes.subarray(9, 20), bytes.subarray(20)]
    expect(await read(withoutIslandStyle(streamOf(chunks)))).toBe(text.replace(STYLE, ''))
  })
})

describe('stripIslandStyle', () => {
  it('changes HTML responses only, keeping status and headers', async () => {
    const html = stripIslandStyle(new Response(PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'x-kept': '1' } }))
    expect(html.status).toBe(404)
    expect(html.headers.get('x-kept')).toBe('1')
    expect(await html.text()).not.toContain('<style>')
    const json = new Response(JSON.stringify({ s: STYLE }), { headers: { 'content-type': 'application/json' } })
    expect(stripIslandStyle(json)).toBe(json)
  })
})

it('the site stylesheet carries the rule the page no longer has', () => {
  const css = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8').replace(/\s+/g, '').replaceAll(';}', '}')
  expect(css).toContain(ISLAND_STYLES)
})
