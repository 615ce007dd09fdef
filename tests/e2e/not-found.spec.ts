// SPEC §2: any other path shows a 404 page (§8 "the 404 page"), inside the normal site shell.
import { atPath, expect, open, SHOTS_DIR, test, uniqueUsername } from './fixtures'

test('an unknown path answers 404 with the 404 page, a link home, header and footer', async ({ page }) => {
  const path = `/no-such-page-${uniqueUsername('x')}`
  const response = await open(page, path)
  expect(response?.status()).toBe(404)
  await expect(page).toHaveURL(atPath(path))

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(page).toHaveTitle(/Page Not Found/)
  const home = page.getByRole('main').getByRole('link', { name: 'Go Home' })
  await expect(home).toHaveAttribute('href', '/')

  // The site shell is still there.
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Latest News' })).toBeVisible()
  // Not for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await page.screenshot({ path: `${SHOTS_DIR}/not-found.png`, fullPage: true })

  await home.click()
  await expect(page).toHaveURL(atPath('/'))
})

test('nested unknown paths and unknown files are 404 too', async ({ request }) => {
  for (const path of ['/post', '/definitely/not/here', '/nothing-here.html']) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(404)
    expect(await res.text(), path).toContain('Page Not Found')
  }
})
