import { expect, signInToCms, test } from './fixtures'

// The creator posts an announcement in /cms with paragraphs and a link, and an
// expiry picked as a date and time in the site's time zone (New York), not a day stored as 12:00 UTC.
test('an announcement written in /cms shows its paragraphs and link on the home page, expiring at the time picked', async ({ page }) => {
  const title = `Town hall ${Date.now()}`
  await signInToCms(page)
  await page.goto('/cms/collections/announcements/create')
  await page.locator('#field-title').fill(title)
  await page.locator('#field-content').fill('Doors open at 6 PM.\nBring a friend.\n\nRead [the agenda](/blog) first.')
  // 1 December 2099, 9:00 PM in New York is 2 December 02:00 UTC (Eastern Standard Time).
  const expiry = page.locator('#field-expiresAt .react-datepicker__input-container input')
  await expiry.fill('Dec 1, 2099 9:00 PM')
  await expiry.press('Enter')
  await expect(page.locator('#field-expiresAt')).toContainText('New York (Eastern Time)')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()

  const res = await page.request.get(`/api/announcements?active=true`)
  const stored = ((await res.json()) as { id: number; title: string; expiresAt: string | null; startsAt: string | null }[]).find((a) => a.title === title)
  expect(stored).toMatchObject({ expiresAt: '2099-12-02T02:00:00.000Z', startsAt: null })

  await page.goto('/')
  const banner = page.getByRole('article', { name: title })
  await expect(banner.locator('p')).toHaveCount(2)
  await expect(banner.locator('p').first()).toHaveText('Doors open at 6 PM.Bring a friend.')
  await expect(banner.locator('p').first().locator('br')).toHaveCount(1)
  await expect(banner.getByRole('link', { name: 'the agenda' })).toHaveAttribute('href', '/blog')
  await page.request.delete(`/api/announcements/${stored!.id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
})
