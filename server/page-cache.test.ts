import type { AddressInfo } from 'node:net'

import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { clearPageCache } from '../cms/hooks/page-cache'
import { createPageCache } from './page-cache'
import { siteLocalsOf } from './page-views'

let version = 0
let hold: Promise<void> | null = null
let base = ''
let close = () => {}

beforeAll(async () => {
  const app = express()
  app.use(createPageCache(10))
  app.get('/page', async (_req, res) => {
    const rendered = `<p>version ${version}</p>`
    if (hold) await hold
    res.type('html').send(rendered)
  })
  const server = app.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

const get = async (path: string) => {
  const res = await fetch(base + path)
  return { hit: res.headers.get('x-page-cache') === 'hit', body: await res.text() }
}

describe('createPageCache', () => {
  it('serves a repeated visitor request from memory until a content change clears it', async () => {
    expect(await get('/page?a')).toEqual({ hit: false, body: '<p>version 0</p>' })
    expect(await get('/page?a')).toEqual({ hit: true, body: '<p>version 0</p>' })
    version = 1
    clearPageCache()
    expect(await get('/page?a')).toEqual({ hit: false, body: '<p>version 1</p>' })
  })

  it('does not keep a page whose rendering began before a clear', async () => {
    let release!: () => void
    hold = new Promise((resolve) => (release = resolve))
    const stale = get('/page?b') // renders the old version, then waits
    await new Promise((resolve) => setTimeout(resolve, 20))
    version = 2
    clearPageCache() // the change lands while that page is still being written
    hold = null
    release()
    expect(await stale).toEqual({ hit: false, body: '<p>version 1</p>' })
    expect(await get('/page?b')).toEqual({ hit: false, body: '<p>version 2</p>' })
    expect(await get('/page?b')).toEqual({ hit: true, body: '<p>version 2</p>' })
  })
})

describe('createPageCache with nextChange (an early-access opening)', () => {
  it('keeps no page past the next change, and none at all when it cannot tell', async () => {
    let changesAt: number | null = null
    let failing = false
    let n = 0
    const app = express()
    app.use(createPageCache(10, { nextChange: async () => (failing ? Promise.reject(new Error('db down')) : changesAt) }))
    app.get('/gated', (_req, res) => res.type('html').send(`<p>render ${++n}</p>`))
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const fetchPage = async (path: string) => {
      const res = await fetch(url + path)
      return { hit: res.headers.get('x-page-cache') === 'hit', body: await res.text() }
    }
    try {
      changesAt = Date.now() + 150
      expect(await fetchPage('/gated?a')).toEqual({ hit: false, body: '<p>render 1</p>' })
      expect(await fetchPage('/gated?a')).toEqual({ hit: true, body: '<p>render 1</p>' })
      await new Promise((resolve) => setTimeout(resolve, 200))
      // Past the opening: rendered anew although the TTL (10 s) has not run out.
      changesAt = null
      expect(await fetchPage('/gated?a')).toEqual({ hit: false, body: '<p>render 2</p>' })
      failing = true
      expect(await fetchPage('/gated?b')).toEqual({ hit: false, body: '<p>render 3</p>' })
      expect(await fetchPage('/gated?b')).toEqual({ hit: false, body: '<p>render 4</p>' })
    } finally {
      server.close()
    }
  })
})

describe("createPageCache and a page's own changesAt (an announcement's expiry)", () => {
  it('keeps the page no longer than the time it says it changes by itself', async () => {
    let n = 0
    const app = express()
    app.use(createPageCache(10))
    app.get('/expiring', (_req, res) => {
      siteLocalsOf(res).changesAt = Date.now() + 150
      res.type('html').send(`<p>render ${++n}</p>`)
    })
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const hit = async () => (await fetch(`${at}/expiring`)).headers.get('x-page-cache') === 'hit'
    try {
      expect(await hit()).toBe(false)
      expect(await hit()).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await hit()).toBe(false)
    } finally {
      server.close()
    }
  })
})

describe('createPageCache with a byte budget', () => {
  it('keeps the newest pages within maxBytes, the oldest going first', async () => {
    const app = express()
    app.use(createPageCache(10, { maxBytes: 2500 }))
    app.get('/big/:n', (req, res) => void res.type('html').send(`<p>${req.params.n}</p>`.padEnd(1000, ' ')))
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const hit = async (path: string) => (await fetch(at + path)).headers.get('x-page-cache') === 'hit'
    try {
      for (const n of [1, 2, 3]) expect(await hit(`/big/${n}`)).toBe(false)
      // 3,000 bytes of pages for a 2,500-byte budget: the first went.
      expect(await hit('/big/3')).toBe(true)
      expect(await hit('/big/2')).toBe(true)
      expect(await hit('/big/1')).toBe(false)
    } finally {
      server.close()
    }
  })
})
