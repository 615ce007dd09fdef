// Writing in /cms never loses a word: a new post is saved from its title on, without pressing
// Save Draft; a YouTube block waiting for its link does not stop the autosaves; text typed across
// fields while autosaves are slow stays, on the page and in what is stored; and a save that cannot
// go through says so in plain words and goes through once it can.
import { randomBytes } from 'node:crypto'

import type { Page, Request } from '@playwright/test'

import { cmsApi, insertFromSlashMenu, lexicalEditor } from './cms-helpers'
import { expect, signInToCms, test } from './fixtures'

const AUTOSAVE = /\/cms\/api\/posts\/\d+\?.*autosave=true/
const isAutosave = (r: Request) => r.method() === 'PATCH' && AUTOSAVE.test(r.url())

type StoredDraft = { title: string | null; slug: string | null; excerpt: string | null; content: unknown }

/** Opens "Create New": the draft exists at once (its own address), saved as the creator writes. */
async function startPost(page: Page) {
  await signInToCms(page)
  await page.goto('/cms/collections/posts/create')
  await expect(page).toHaveURL(/\/cms\/collections\/posts\/\d+/)
  const id = Number(/\/cms\/collections\/posts\/(\d+)/.exec(page.url())![1])
  await expect(page.locator('#field-title')).toBeEditable()
  return id
}

const storedDraft = async (page: Page, id: number) => {
  const res = await cmsApi(page).get(`posts/${id}?depth=0&draft=true`)
  expect(res.status()).toBe(200)
  return (await res.json()) as StoredDraft
}

test.use({ actionTimeout: 20_000 })

test('a new post is saved once it has a title, without pressing Save Draft, its slug following the title', async ({ page }) => {
  const id = await startPost(page)
  try {
    const title = `Saved by itself ${randomBytes(3).toString('hex')}`
    await page.locator('#field-title').pressSequentially(title, { delay: 20 })
    await expect.poll(async () => (await storedDraft(page, id)).title, { timeout: 20_000 }).toBe(title)
    expect((await storedDraft(page, id)).slug).toBe(title.toLowerCase().replace(/ /g, '-'))
    await expect(page.locator('.autosave')).toHaveText(/Last saved/)
  } finally {
    await cmsApi(page).delete(`posts/${id}`)
  }
})

test('a YouTube block still waiting for its link does not stop autosave: the rest is saved, then the link and caption', async ({ page }) => {
  const id = await startPost(page)
  try {
    await page.locator('#field-title').fill(`Embed later ${randomBytes(3).toString('hex')}`)
    const editor = lexicalEditor(page)
    await editor.click()
    await page.keyboard.type('Before the video.')
    await page.keyboard.press('Enter')
    // The block goes in empty, and an autosave carries it that way (the link comes later than 2 s).
    const emptyBlockSaved = page.waitForResponse((r) => isAutosave(r.request()) && (r.request().postData() ?? '').includes('"blockType":"YouTube"'))
    await insertFromSlashMenu(page, 'YouTube video')
    const block = editor.locator('.LexicalEditorTheme__block-YouTube').last()
    await expect(block.locator('input[name="url"]')).toBeVisible()
    expect((await emptyBlockSaved).status()).toBe(200)

    const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
    const caption = 'Pasted a while later'
    const linkSaved = page.waitForResponse((r) => isAutosave(r.request()) && (r.request().postData() ?? '').includes(caption))
    await block.locator('input[name="url"]').fill(url)
    await block.locator('input[name="caption"]').fill(caption)
    expect((await linkSaved).status()).toBe(200)

    // No refusal, no developer text, and the bar does not stay on "Saving…".
    await expect(page.locator('.toast-error, [data-sonner-toast][data-type="error"]')).toHaveCount(0)
    await expect(page.getByTestId('autosave-problem')).toHaveCount(0)
    await expect(page.locator('.autosave')).toHaveText(/Last saved/)
    const stored = JSON.stringify((await storedDraft(page, id)).content)
    expect(stored).toContain('Before the video.')
    expect(stored).toContain(url)
    expect(stored).toContain(caption)
  } finally {
    await cmsApi(page).delete(`posts/${id}`)
  }
})

test('typing across fields while autosaves are slow loses nothing, on the page or in what is stored', async ({ page }) => {
  const id = await startPost(page)
  // Each autosave's answer comes back 3 s late (the request reaches the server at once).
  await page.route(AUTOSAVE, async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue()
    const response = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await route.fulfill({ response })
  })
  try {
    const tag = randomBytes(3).toString('hex')
    const title = page.locator('#field-title')
    const excerpt = page.locator('#field-excerpt')

    // An autosave goes out with the first words of the title…
    const firstSent = page.waitForRequest((r) => isAutosave(r) && (r.postData() ?? '').includes(`Bridge ${tag}`))
    await title.fill(`Bridge ${tag}`)
    await firstSent
    // …and while its answer is on the way, the title goes on, then the excerpt, then the body.
    await title.press('End')
    await title.pressSequentially(' march', { delay: 30 })
    await excerpt.click()
    await excerpt.pressSequentially('Meet at noon.', { delay: 30 })
    const editor = lexicalEditor(page)
    await editor.click()
    await page.keyboard.type('Bring water.', { delay: 30 })

    const finalTitle = `Bridge ${tag} march`
    // Once everything has been sent and answered, the page still shows every word typed…
    const allSaved = page.waitForResponse(
      (r) => isAutosave(r.request()) && [finalTitle, 'Meet at noon.', 'Bring water.'].every((text) => (r.request().postData() ?? '').includes(text)),
      { timeout: 40_000 },
    )
    await expect(title).toHaveValue(finalTitle)
    expect((await allSaved).status()).toBe(200)
    // (the answers still on their way land meanwhile)
    await expect(page.locator('.autosave')).toHaveText(/Last saved/, { timeout: 20_000 })
    await expect(title).toHaveValue(finalTitle)
    await expect(excerpt).toHaveValue('Meet at noon.')
    await expect(editor).toContainText('Bring water.')

    // …and so does what is stored.
    const stored = await storedDraft(page, id)
    expect(stored.title).toBe(finalTitle)
    expect(stored.excerpt).toBe('Meet at noon.')
    expect(JSON.stringify(stored.content)).toContain('Bring water.')
  } finally {
    await page.unroute(AUTOSAVE)
    await cmsApi(page).delete(`posts/${id}`)
  }
})

test('an autosave that cannot reach the server says so in plain words, and goes through once it can', async ({ page }) => {
  const id = await startPost(page)
  let offline = true
  await page.route(AUTOSAVE, (route) => (offline && route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue()))
  try {
    const title = `Written offline ${randomBytes(3).toString('hex')}`
    await page.locator('#field-title').fill(title)
    const problem = page.getByTestId('autosave-problem')
    await expect(problem).toHaveText(/^Not saved: the server could not be reached\. What you typed is still on this page\./, { timeout: 20_000 })
    await expect(page.getByText('Failed to fetch')).toHaveCount(0)
    await expect(page.locator('.autosave')).not.toHaveText(/Saving/)

    // Back online: sent again without another keystroke, and the message goes.
    offline = false
    await expect(problem).toHaveCount(0, { timeout: 20_000 })
    expect((await storedDraft(page, id)).title).toBe(title)
  } finally {
    await page.unroute(AUTOSAVE)
    await cmsApi(page).delete(`posts/${id}`)
  }
})

test('opening "Create New" and leaving without writing anything leaves no empty draft behind', async ({ page }) => {
  const id = await startPost(page)
  expect((await cmsApi(page).get(`posts/${id}?depth=0&draft=true`)).status()).toBe(200)
  await page.goto('/cms/collections/posts')
  await expect.poll(async () => (await cmsApi(page).get(`posts/${id}?depth=0&draft=true`)).status(), { timeout: 10_000 }).toBe(404)
})

test('a second tab on the same post cannot write its older copy over the first tab\'s words', async ({ page }) => {
  const id = await startPost(page)
  const second = await page.context().newPage()
  try {
    const title = `Two tabs ${randomBytes(3).toString('hex')}`
    await page.locator('#field-title').fill(title)
    await expect.poll(async () => (await storedDraft(page, id)).title, { timeout: 20_000 }).toBe(title)

    // The second tab opens it now, the first goes on writing: the second tab's copy is older.
    await second.goto(`/cms/collections/posts/${id}`)
    await expect(second.locator('#field-title')).toHaveValue(title)
    const first = page.waitForResponse((r) => isAutosave(r.request()) && (r.request().postData() ?? '').includes('the first tab'))
    await page.locator('#field-title').fill(`${title}, the first tab's`)
    expect((await first).status()).toBe(200)

    const refused = second.waitForResponse((r) => isAutosave(r.request()) && (r.request().postData() ?? '').includes('the second tab'))
    await second.locator('#field-title').fill(`${title}, the second tab's`)
    expect((await refused).status()).toBe(409)
    const problem = second.getByTestId('autosave-problem')
    await expect(problem).toContainText('Not saved: this post was changed elsewhere. What you typed is still on this page.')
    await expect(problem.getByRole('link', { name: 'Open the latest version (new tab)' })).toHaveAttribute('href', new RegExp(`/cms/collections/posts/${id}$`))
    await expect(second.locator('#field-title')).toHaveValue(`${title}, the second tab's`)
    expect((await storedDraft(page, id)).title).toBe(`${title}, the first tab's`)
  } finally {
    await second.close()
    await cmsApi(page).delete(`posts/${id}`)
  }
})
