// Content: the creator writes a post in /admin and publishes it, finds
// It unchanged in /cms, edits it there and sees the change in /admin, then deletes it through the
// confirm dialog; adds a category in a preset colour; writes an announcement and shows and hides
// it with the eye button, the home page's banner following. A member gets 'Admin Access Required'.
import { randomBytes } from 'node:crypto'

import type { Browser, Page } from '@playwright/test'

import { lexicalEditor } from './cms-helpers'
import { admin, expect, expectToast, loginViaApi, open, registerViaApi, test } from './fixtures'

const origin = () => ({ origin: process.env.E2E_BASE_URL! })
const tag = () => randomBytes(4).toString('hex')

// A step that cannot happen fails with its own message instead of using up the whole test's time.
test.use({ actionTimeout: 30_000 })

async function signInAsAdmin(page: Page) {
  await loginViaApi(page, admin().username, admin().password)
}

/** A signed-out reader in a browser of their own. */
async function reader(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  return { page: await context.newPage(), close: () => context.close() }
}

test('write a post in /admin, publish it, open it unchanged in /cms, edit it there, see the change in /admin, delete it', async ({ page }) => {
  test.setTimeout(3 * 60_000)
  await signInAsAdmin(page)
  const title = `Marching orders ${tag()}`

  await open(page, '/admin/content/new-post')
  await page.getByLabel('Title').fill(title)
  // The slug follows the title on creation.
  await expect(page.getByLabel('Slug')).toHaveValue(title.toLowerCase().replace(/ /g, '-'))

  // The body, written with the toolbar and the keyboard shortcuts.
  const content = page.getByRole('textbox', { name: 'Content' })
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
  await content.click()
  await toolbar.getByRole('button', { name: 'Heading' }).click()
  await page.keyboard.type('Why we march')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Bring ')
  await page.keyboard.press('Control+B') // **bold text**, selected to type over
  await page.keyboard.type('water')
  await page.keyboard.press('End')
  await page.keyboard.type(' and the route')
  for (let i = 0; i < 'the route'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await toolbar.getByRole('button', { name: 'Link' }).click() // [the route](https://), the address selected
  await page.keyboard.type('https://example.org/route')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click()
  await page.keyboard.type('A friend')
  await page.keyboard.press('Enter')
  await page.keyboard.type('- Your ID')
  const markdown = '## Why we march\n\nBring **water** and [the route](https://example.org/route)\n\n- A friend\n- Your ID'
  await expect(content).toHaveValue(markdown)
  // Excerpt and read time follow the content as it is typed.
  await expect(page.getByLabel('Excerpt')).toHaveValue('Why we march Bring water and the route A friend Your ID')
  await expect(page.getByLabel('Read time (minutes)')).toHaveValue('1')

  await page.getByLabel('Status').selectOption('published')
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/blog-posts'))
  await page.getByRole('button', { name: 'Create Post' }).click()
  expect((await created).status()).toBe(201)
  await expect(page).toHaveURL(/\/admin\/content\/posts\/\d+\/edit$/)
  const id = Number(/\/posts\/(\d+)\/edit/.exec(page.url())![1])
  await expectToast(page, 'Post created', `“${title}” is published.`)
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveValue(markdown)

  // In /cms: the same heading, bold, link and list.
  await page.goto(`/cms/collections/posts/${id}`)
  const editor = lexicalEditor(page)
  // /cms's editor is a large client app: on a loaded machine it can take a while to appear.
  await expect(editor.locator('h2')).toHaveText('Why we march', { timeout: 30_000 })
  await expect(editor.locator('p').filter({ hasText: 'Bring' }).locator('strong')).toHaveText('water')
  await expect(editor.getByRole('link', { name: 'the route' })).toHaveAttribute('href', 'https://example.org/route')
  await expect(editor.locator('ul > li')).toHaveText(['A friend', 'Your ID'])

  // Edited there: the heading gets a word. Payload's autosave can put back a field's earlier value
  // when its answer arrives after newer typing (payloadcms/payload#17676): publish only once an
  // autosave carrying the change has been answered.
  const autosaved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/cms/api/posts/${id}`) && r.url().includes('autosave=true') && (r.request().postData() ?? '').includes('Why we march together'),
    { timeout: 30_000 },
  )
  await editor.locator('h2').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' together')
  expect((await autosaved).status()).toBe(200)
  const published = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/cms/api/posts/${id}`) && !r.url().includes('autosave=true'))
  await page.locator('#action-save').click()
  expect((await published).status()).toBe(200)
  await expect(page.getByText(/published successfully|updated successfully/i).first()).toBeVisible()

  // Back in /admin: the change, and the rest as it was.
  await open(page, `/admin/content/posts/${id}/edit`)
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveValue(markdown.replace('## Why we march', '## Why we march together'))
  await expect(page.getByLabel('Title')).toHaveValue(title)

  // The list at phone width: the table scrolls inside its card, the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await open(page, '/admin/content/posts')
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('Published', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // Deleted through the confirm dialog.
  await row.getByRole('button', { name: `Delete ${title}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this post?' })
  await expect(dialog).toBeVisible()
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/blog-posts/${id}`))
  await dialog.getByRole('button', { name: 'Delete' }).click()
  expect((await deleted).status()).toBe(200)
  await expect(dialog).toBeHidden()
  await expectToast(page, 'Post deleted', `“${title}” has been deleted.`)
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
  expect((await page.request.get(`/api/blog-posts/${id}`)).status()).toBe(404)
})

test('add a category in one of the preset colours', async ({ page }) => {
  await signInAsAdmin(page)
  const name = `Voting rights ${tag()}`
  await open(page, '/admin/content/categories')
  const form = page.getByRole('form', { name: 'New category' })
  await form.getByLabel('Name').fill(name)
  await expect(form.getByLabel('Slug')).toHaveValue(name.toLowerCase().replace(/ /g, '-'))
  await form.getByLabel('Description').fill('Who may vote, and how.')
  await form.getByRole('radio', { name: 'Purple' }).check()
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/categories'))
  await form.getByRole('button', { name: 'Add category' }).click()
  const res = await saved
  expect(res.status()).toBe(201)
  const category = (await res.json()) as { id: number; color: string }
  expect(category.color).toBe('#6f42c1')
  await expectToast(page, 'Category created', `“${name}” is saved.`)
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(item).toContainText('Purple · 0 published posts')
  await expect(form.getByLabel('Name')).toHaveValue('')

  // Edited: another preset, and the description emptied.
  await item.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('form', { name: `Edit “${name}”` })
  await expect(edit.getByRole('radio', { name: 'Purple' })).toBeChecked()
  await edit.getByRole('radio', { name: 'Teal' }).check()
  await edit.getByLabel('Description').fill('')
  const updated = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/categories/${category.id}`))
  await edit.getByRole('button', { name: 'Save category' }).click()
  expect((await updated).status()).toBe(200)
  await expectToast(page, 'Category updated', `“${name}” is saved.`)
  await expect(item).toContainText('Teal · 0 published posts')
  await expect(item).not.toContainText('Who may vote')
  await page.request.delete(`/api/categories/${category.id}`, { headers: origin() })
})

test('write an announcement, hide and show it with the eye button, and the home page banner follows', async ({ page, browser }) => {
  await signInAsAdmin(page)
  const title = `Town hall ${tag()}`
  await open(page, '/admin/content/announcements')
  const form = page.getByRole('form', { name: 'New announcement' })
  await form.getByLabel('Title').fill(title)
  await form.getByRole('textbox', { name: 'Content' }).fill('Doors open at 6 PM. Bring a friend.')
  await form.getByLabel('Type').selectOption('event')
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/announcements'))
  await form.getByRole('button', { name: 'Publish announcement' }).click()
  const res = await created
  expect(res.status()).toBe(201)
  const { id } = (await res.json()) as { id: number }
  await expectToast(page, 'Announcement created', `“${title}” is saved.`)

  const visitor = await reader(browser)
  const banner = () => visitor.page.getByRole('article', { name: title })
  try {
    await visitor.page.goto('/')
    await expect(banner()).toBeVisible()

    // The eye says what it will do, and so what is true now.
    const hide = page.getByRole('button', { name: `Hide ${title} from the site` })
    const show = page.getByRole('button', { name: `Show ${title} on the site` })
    await expect(show).toHaveCount(0)
    const hidden = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/announcements/${id}`))
    await hide.click()
    expect((await hidden).status()).toBe(200)
    await expect(show).toBeVisible()
    await expect(hide).toHaveCount(0)
    await expectToast(page, 'Announcement hidden', `“${title}”`)
    await visitor.page.goto('/')
    await expect(banner()).toHaveCount(0)

    const shown = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/announcements/${id}`))
    await show.click()
    expect((await shown).status()).toBe(200)
    await expect(hide).toBeVisible()
    await visitor.page.goto('/')
    await expect(banner()).toBeVisible()

    // Edited through the form: the banner shows the new title.
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    const edit = page.getByRole('form', { name: `Edit “${title}”` })
    await expect(edit.getByLabel('Type')).toHaveValue('event')
    await edit.getByLabel('Title').fill(`${title} (moved)`)
    const updated = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/announcements/${id}`))
    await edit.getByRole('button', { name: 'Save announcement' }).click()
    const response = await updated
    expect(response.status()).toBe(200)
    // An expiry left as it was is not sent (the field shows minutes only).
    expect(response.request().postDataJSON()).toEqual({ title: `${title} (moved)`, content: 'Doors open at 6 PM. Bring a friend.', type: 'event' })
    await expectToast(page, 'Announcement updated', `“${title} (moved)” is saved.`)
    await visitor.page.goto('/')
    await expect(visitor.page.getByRole('article', { name: `${title} (moved)` })).toBeVisible()
  } finally {
    await visitor.close()
    await page.request.delete(`/api/announcements/${id}`, { headers: origin() })
  }
})

test("a member opening /admin/content/posts gets 'Admin Access Required' (403)", async ({ page }) => {
  await registerViaApi(page)
  const response = await page.goto('/admin/content/posts')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)
})

test('a post with parts markdown cannot keep (a link to another post) opens in /admin with its content pointing to /cms; its title still saves', async ({ page }) => {
  await signInAsAdmin(page)
  const t = tag()
  const target = await page.request.post('/api/blog-posts', { data: { title: `Link target ${t}`, content: 'Target.', status: 'draft' }, headers: origin() })
  const targetId = ((await target.json()) as { id: number }).id
  const text = (value: string) => ({ type: 'text', text: value, format: 0, detail: 0, mode: 'normal', style: '', version: 1 })
  const internalLink = { type: 'link', version: 3, direction: 'ltr', format: '', indent: 0, children: [text('the earlier post')], fields: { linkType: 'internal', newTab: false, doc: { relationTo: 'posts', value: targetId } } }
  const content = { root: { type: 'root', direction: 'ltr', format: '', indent: 0, version: 1, children: [{ type: 'paragraph', direction: 'ltr', format: '', indent: 0, version: 1, textFormat: 0, children: [text('Read '), internalLink] }] } }
  const created = await page.request.post('/cms/api/posts', { data: { title: `Linked ${t}`, slug: `linked-${t}`, content, status: 'draft' }, headers: origin() })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { doc: { id: number } }).doc.id

  try {
    await open(page, `/admin/content/posts/${id}/edit`)
    await expect(page.getByRole('note', { name: 'Content' })).toContainText('Edit its content in /cms.')
    await expect(page.getByRole('link', { name: 'Edit the content in /cms' })).toHaveAttribute('href', `/cms/collections/posts/${id}`)
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveCount(0)

    await page.getByLabel('Title').fill(`Linked and renamed ${t}`)
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/blog-posts/${id}`))
    await page.getByRole('button', { name: 'Save Changes' }).click()
    expect((await saved).status()).toBe(200)
    await expectToast(page, 'Post updated', `“Linked and renamed ${t}” is saved as a draft.`)
    // The link is still there, as /cms stored it.
    const stored = (await (await page.request.get(`/cms/api/posts/${id}?depth=0`, { headers: origin() })).json()) as { content: typeof content }
    expect(JSON.stringify(stored.content)).toContain('"linkType":"internal"')
  } finally {
    await page.request.delete(`/api/blog-posts/${id}`, { headers: origin() })
    await page.request.delete(`/api/blog-posts/${targetId}`, { headers: origin() })
  }
})

test('the Content screens from the keyboard: labelled controls, the delete dialog, the colour picker', async ({ page }) => {
  await signInAsAdmin(page)
  for (const path of ['/admin/content/posts', '/admin/content/new-post', '/admin/content/categories', '/admin/content/announcements']) {
    await open(page, path)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    const controls = page.locator('main input:not([type="hidden"]), main select, main textarea, main button')
    const count = await controls.count()
    expect(count, path).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) await expect(controls.nth(i), `${path}: ${await controls.nth(i).evaluate((el) => el.outerHTML.slice(0, 100))}`).toHaveAccessibleName(/\S/)
  }

  await open(page, '/admin/content/posts')
  const firstDelete = page.getByRole('button', { name: /^Delete / }).first()
  await firstDelete.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this post?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(firstDelete).toBeFocused()

  await open(page, '/admin/content/categories')
  const form = page.getByRole('form', { name: 'New category' })
  await form.getByRole('radio', { name: 'Blue' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(form.getByRole('radio', { name: 'Green' })).toBeChecked()
  await expect(form.getByRole('radio', { name: 'Green' })).toBeFocused()
})
