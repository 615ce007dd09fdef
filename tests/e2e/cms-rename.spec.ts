import { expect, signInToCms, test } from './fixtures'

// The creator renames a published post's slug in /cms; readers following the old
// address land on the post at its new one (a permanent redirect), and the editor says so.
test('a slug changed in /cms keeps the old address working: it redirects to the new one', async ({ page, browser }) => {
  await signInToCms(page)
  const stamp = Date.now()
  const created = await page.request.post('/api/blog-posts', {
    data: { title: `Rename me ${stamp}`, content: 'A post that is about to move.', status: 'published' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(created.status()).toBe(201)
  const { id, slug: oldSlug } = (await created.json()) as { id: number; slug: string }

  await page.goto(`/cms/collections/posts/${id}`)
  await expect(page.getByText('Changing it keeps the old address working')).toBeVisible()
  const newSlug = `moved-${stamp}`
  await page.locator('#field-slug').fill(newSlug)
  await page.locator('#action-save').click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  // The old address is listed, read-only, under the slug.
  await page.reload()
  await expect(page.getByText(oldSlug, { exact: true })).toBeVisible()

  const reader = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  const visitor = await reader.newPage()
  const response = await visitor.goto(`/post/${oldSlug}`)
  expect(response?.status()).toBe(200)
  expect(visitor.url()).toMatch(new RegExp(`/post/${newSlug}$`))
  expect((await response!.request().redirectedFrom()?.response())?.status()).toBe(301)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Rename me ${stamp}`)
  await reader.close()
  await page.request.delete(`/api/blog-posts/${id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
})
