// A member who follows a link to the site from another site (a search result, a social post, an
// email) arrives signed in: the browser sends the SameSite=Lax cookie on that top-level navigation
// with `Sec-Fetch-Site: cross-site`, and the site must still see the session.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect, registerViaApi, test, waitForIslands } from './fixtures'

let elsewhere: Server
let elsewhereUrl: string

test.beforeAll(async () => {
  // Another origin on this machine: 127.0.0.1 is a different site from localhost.
  elsewhere = createServer((req, res) => {
    const target = new URL(decodeURIComponent((req.url ?? '/').slice(1)) || '/', process.env.E2E_BASE_URL)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><title>Elsewhere</title><main><a href="${target.href}">Read it on the site</a></main></html>`)
  })
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => elsewhere.close(resolve))
})

test('a signed-in member who clicks a link on another site sees their avatar menu and bookmarks', async ({ page }) => {
  const { username } = await registerViaApi(page)

  await page.goto(`${elsewhereUrl}/${encodeURIComponent('/bookmarks')}`)
  const arrival = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(process.env.E2E_BASE_URL!))
  await page.getByRole('link', { name: 'Read it on the site' }).click()
  expect((await (await arrival).allHeaders())['sec-fetch-site']).toBe('cross-site')
  await expect(page).toHaveURL(/\/bookmarks$/)
  await waitForIslands(page)

  const avatar = page.getByRole('banner').getByRole('button', { name: 'Account menu' })
  await expect(avatar).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0)
  await avatar.click()
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(username)
})
