// SPEC §2 Admin panel (Badges, Settings), /merch: an admin gives and takes a badge and toggles
// moderator status in /admin/badges and the member's profile follows; an admin sets the merch store
// in /admin/settings and /merch embeds it (a store served on loopback by this test: no outside
// network) with the 'Shop Now' link; members are kept out of /admin.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { admin, expect, expectToast, freshRequest, loginViaApi, open, registerViaApi, test } from './fixtures'

const origin = () => ({ origin: process.env.E2E_BASE_URL! })

test('an admin adds a badge, sees it on the profile, removes it and makes the member a moderator', async ({ page }) => {
  const request = await freshRequest()
  const member = await registerViaApi(request)
  await request.dispose()
  const { username, password } = admin()
  await loginViaApi(page, username, password)

  await open(page, '/admin/badges')
  await page.getByLabel('Search members').fill(member.username)
  const row = page.getByTestId(`badge-row-${member.id}`)
  await expect(row).toBeVisible()
  await expect(page.getByTestId('badges-summary')).toHaveText(/^1 member · page 1 of 1$/)

  await row.getByRole('combobox', { name: `Badge to add to ${member.username}` }).click()
  await page.getByRole('option', { name: 'Contributor' }).click()
  await row.getByRole('button', { name: `Add badge Contributor to ${member.username}` }).click()
  await expectToast(page, 'Badge added', `${member.username} now has the Contributor badge.`)
  await expect(row.getByRole('button', { name: `Remove badge Contributor from ${member.username}` })).toBeVisible()

  await open(page, `/profile/${member.id}`)
  await expect(page.getByRole('list', { name: `${member.username}'s badges` })).toContainText('Contributor')

  await open(page, '/admin/badges')
  await page.getByLabel('Search members').fill(member.username)
  await expect(row).toBeVisible()
  // The member-number badge is the site's own: no remove button.
  await expect(row.getByRole('button', { name: /Remove badge Member/ })).toHaveCount(0)
  await row.getByRole('button', { name: `Remove badge Contributor from ${member.username}` }).click()
  await expectToast(page, 'Badge removed')
  await expect(row.getByRole('button', { name: `Remove badge Contributor from ${member.username}` })).toHaveCount(0)

  const moderator = row.getByRole('switch', { name: `Moderator: ${member.username}` })
  await expect(moderator).toHaveAttribute('aria-checked', 'false')
  await moderator.click()
  await expectToast(page, 'Moderator status updated', `${member.username} is now a moderator.`)
  await expect(moderator).toHaveAttribute('aria-checked', 'true')

  await open(page, `/profile/${member.id}`)
  const badges = page.getByRole('list', { name: `${member.username}'s badges` })
  await expect(badges).toContainText('Moderator')
  await expect(badges).not.toContainText('Contributor')
})

test('on a phone the members are cards, with the same controls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const request = await freshRequest()
  const member = await registerViaApi(request)
  await request.dispose()
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/admin/badges')
  await page.getByLabel('Search members').fill(member.username)
  const card = page.getByTestId(`badge-card-${member.id}`)
  await expect(card).toBeVisible()
  await expect(page.getByTestId(`badge-row-${member.id}`)).toBeHidden()
  await card.getByRole('switch', { name: `Moderator: ${member.username}` }).focus()
  await page.keyboard.press('Space')
  await expectToast(page, 'Moderator status updated')
  await expect(card.getByRole('switch', { name: `Moderator: ${member.username}` })).toHaveAttribute('aria-checked', 'true')
})

test.describe('the merch store', () => {
  let store: Server
  let storeUrl: string
  let before: string | null

  test.beforeAll(async () => {
    store = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><title>Store</title><h1>Loopback Test Store</h1>')
    })
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve))
    storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}/store`
  })

  test.afterAll(async () => {
    const request = await freshRequest()
    expect((await request.post('/api/auth/login', { data: admin(), headers: origin() })).status()).toBe(200)
    expect((await request.put('/api/admin/settings', { data: { merchStoreUrl: before }, headers: origin() })).status()).toBe(200)
    await request.dispose()
    await new Promise((resolve) => store.close(resolve))
  })

  test('an admin sets the store in /admin/settings and /merch embeds it with a Shop Now link', async ({ page }) => {
    await loginViaApi(page, admin().username, admin().password)
    await open(page, '/admin/settings')
    const field = page.getByLabel('Merch store URL')
    await expect(field).toBeVisible()
    before = (await field.inputValue()) || null

    await field.fill('http://store.example.com')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText("Enter the store's full address, starting with https://")).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')

    await field.fill(storeUrl)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expectToast(page, 'Settings saved')

    await open(page, '/merch')
    const frame = page.getByTitle(/merchandise store$/)
    await expect(frame).toHaveAttribute('src', storeUrl)
    // The page's CSP lets this origin be framed: the store's own page shows inside.
    await expect(page.frameLocator('iframe[data-testid="merch-store-frame"]').getByRole('heading', { name: 'Loopback Test Store' })).toBeVisible()
    const shopNow = page.getByRole('link', { name: /Shop Now/ })
    await expect(shopNow).toHaveAttribute('href', storeUrl)
    await expect(shopNow).toHaveAttribute('target', '_blank')

    // The home page's product cards go to the store too; 'Shop Full Collection' stays /merch.
    await open(page, '/')
    const merch = page.getByRole('region', { name: 'Merchandise' })
    await expect(merch.getByTestId('merch-products').getByRole('link').first()).toHaveAttribute('href', storeUrl)
    await expect(merch.getByRole('link', { name: 'Shop Full Collection' })).toHaveAttribute('href', '/merch')
  })
})

test("a member opening /admin/badges gets 'Admin Access Required'", async ({ page }) => {
  await registerViaApi(page)
  const response = await open(page, '/admin/badges')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
})
