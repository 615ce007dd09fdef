import type { AddressInfo } from 'node:net'

import express from 'express'
import { describe, expect, it } from 'vitest'

import type { PageViewRecorder } from '../cms/services/analytics/recorder'
import { recordPageViews } from './page-views'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

describe('recordPageViews', () => {
  it('counts a page read again from the browser’s copy (a 304) like one sent whole, and no error page', async () => {
    const paths: string[] = []
    const recorder = { record: (view: { path: string }) => void paths.push(view.path) } as unknown as PageViewRecorder
    const app = express()
    app.use(recordPageViews(recorder, { allow: () => true, size: () => 0 }))
    app.get('/page', (_req, res) => void res.type('html').send('<p>page</p>'))
    app.get('/again', (_req, res) => void res.status(304).type('html').end())
    app.get('/missing', (_req, res) => void res.status(404).type('html').send('<p>no</p>'))
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      for (const path of ['/page', '/again', '/missing']) await (await fetch(base + path, { headers: { 'user-agent': BROWSER } })).text()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(paths).toEqual(['/page', '/again'])
    } finally {
      server.close()
    }
  })
})
