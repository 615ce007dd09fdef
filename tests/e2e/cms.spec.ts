import { expect, signInToCms, test } from './fixtures'

test('the creator signs in at /cms and edits a post in the rich-text editor; the site shows the change', async ({ page }) => {
  await signInToCms(page)

  // A draft of its own, so parallel tests reading the public lists are undisturbed; the signed-in
  // creator still sees it on the site.
  const created = await page.request.post('/api/blog-posts', {
    data: { title: `CMS edit target ${Date.now()}`, content: 'A first paragraph written in **markdown**.', status: 'draft' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  await page.goto(`/cms/collections/posts/${id}`)

  const title = page.locator('#field-title')
  await expect(title).toBeVisible()
  const newTitle = `Edited in the CMS ${Date.now()}`
  // Not yet published: its slug follows the new title (cms/services/posts/README.md).
  const slug = newTitle.toLowerCase().replace(/ /g, '-')
  await title.fill(newTitle)
  const editor = page.locator('[data-lexical-editor="true"]').first()
  await editor.click()
  await page.keyboard.press('Control+End')
  // Saved as you type (autosave writes a draft version; the post stays unpublished).
  const autosaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('autosave=true') && (r.request().postData() ?? '').includes('An added closing sentence.'))
  await page.keyboard.type(' An added closing sentence.')
  expect((await autosaved).status()).toBe(200)

  // The Preview button opens the post page with the draft as it stands.
  const preview = page.getByRole('link', { name: 'Preview' })
  await expect(preview).toHaveAttribute('href', new RegExp(`/post/${slug}\\?preview=`))
  await page.goto((await preview.getAttribute('href'))!)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle)
  // In the body only: the excerpt it derives is not shown as a standfirst (only one the creator wrote is).
  await expect(page.getByText('An added closing sentence.')).toHaveCount(1)
})
