// A post's YouTube block loads the privacy-enhanced player only
// when the reader presses play, and the /cms editor offers the code and YouTube blocks and links
// to content (posts, videos, topics), never to members.
import { randomBytes } from 'node:crypto'

import { openInternalLinkPicker } from './cms-helpers'
import { admin, expect, loginViaApi, open, signInToCms, test } from './fixtures'

const YOUTUBE = /^https:\/\/([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|youtu\.be)\//

test('the YouTube poster loads the youtube-nocookie player only after the click, at the link\'s start time', async ({ page }) => {
  // A draft written as the /cms editor stores it (a draft keeps the public lists of parallel tests
  // as they are); the signed-in creator reads it on the site.
  await loginViaApi(page, admin().username, admin().password)
  const slug = `youtube-embed-${randomBytes(4).toString('hex')}`
  const block = { id: randomBytes(12).toString('hex'), blockName: '', blockType: 'YouTube', url: 'https://youtu.be/dQw4w9WgXcQ?t=42', caption: 'A talk worth watching' }
  const content = { root: { type: 'root', direction: 'ltr', format: '', indent: 0, version: 1, children: [{ type: 'block', version: 2, format: '', fields: block }] } }
  const created = await page.request.post('/cms/api/posts', {
    data: { title: `Embed ${slug}`, slug, content, status: 'draft' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(created.status()).toBe(201)

  // Nothing leaves the machine in tests: YouTube's player is answered by a stand-in.
  const youtubeRequests: string[] = []
  await page.route(YOUTUBE, (route) => {
    youtubeRequests.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' })
  })
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text())
  })

  await open(page, `/post/${slug}`)
  const poster = page.getByRole('link', { name: /^Play video\s*: A talk worth watching/ })
  await expect(poster).toBeVisible()
  await expect(poster).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s')
  await expect(page.locator('figcaption', { hasText: 'A talk worth watching' })).toBeVisible()
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(youtubeRequests).toEqual([])

  await poster.click()
  const player = page.locator('.post-content iframe')
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?.*&start=42$/)
  await expect(player).toHaveAttribute('title', 'A talk worth watching')
  await expect(page).toHaveURL(new RegExp(`/post/${slug}$`)) // the link was not followed
  await expect.poll(() => youtubeRequests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true)
  expect(youtubeRequests.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true)
  expect(violations.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([])
})

test('the /cms editor offers the code and YouTube blocks, and links to posts, videos and topics — not members', async ({ page }) => {
  await signInToCms(page)

  // "Create New" opens a new draft (deleted at the end).
  await page.goto('/cms/collections/posts/create')
  await expect(page).toHaveURL(/\/cms\/collections\/posts\/\d+/)
  const draftId = /\/cms\/collections\/posts\/(\d+)/.exec(page.url())![1]
  const editor = page.locator('[data-lexical-editor="true"]').first()
  await expect(editor).toBeVisible()

  // The link drawer's internal link: content collections only.
  await editor.click()
  await page.keyboard.type('A link')
  const { drawer, relationship } = await openInternalLinkPicker(page)
  const groups = relationship.locator('.rs__group-heading')
  // Content first (no member usernames): the list opens on posts, and searching finds videos and
  // topics — and never a member, even by the creator's own username.
  await expect(groups.first()).toHaveText('Posts')
  const search = relationship.locator('input')
  const found = async (query: string) => {
    await search.fill(query)
    await expect(relationship.locator('.rs__option').first()).toBeVisible()
    return (await groups.allTextContents()).map((heading) => heading.trim())
  }
  expect(await found('Sunday Reflections')).toContain('Videos')
  expect(await found('Justice')).toContain('Categories')
  // 'creator' also names a seeded video: once it shows, the search has answered.
  expect(admin().username).toBe('creator')
  await search.fill(admin().username)
  await expect(relationship.locator('.rs__option', { hasText: 'Creator Diary' })).toBeVisible()
  expect((await groups.allTextContents()).map((heading) => heading.trim())).toEqual(['Videos'])
  await expect(relationship.locator('.rs__option').filter({ hasText: /^creator$/ })).toHaveCount(0)
  await page.keyboard.press('Escape') // the menu
  await page.keyboard.press('Escape') // the drawer
  await expect(drawer).toBeHidden()

  // The slash menu lists the blocks (and no Relationship).
  await editor.click()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('/')
  const menu = page.locator('.slash-menu-popup')
  await expect(menu.getByRole('option', { name: 'Code', exact: true })).toBeVisible()
  await expect(menu.getByRole('option', { name: 'YouTube video' })).toBeVisible()
  await expect(menu.getByRole('option', { name: /Relationship/ })).toHaveCount(0)
  // The code block's code is a plain textarea (Payload's Monaco would load from a CDN).
  await menu.getByRole('option', { name: 'Code', exact: true }).click()
  const code = page.locator('.payload-richtext-code-block textarea')
  await expect(code).toBeVisible()
  await code.fill('const answer = 42')
  await expect(code).toHaveValue('const answer = 42')
  await page.request.delete(`/cms/api/posts/${draftId}`, { headers: { origin: process.env.E2E_BASE_URL! } })
})

test('a save in /admin from an older copy than the latest is refused with a message, and both copies stay reachable', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  const headers = { origin: process.env.E2E_BASE_URL! }
  const title = `Two tabs ${randomBytes(4).toString('hex')}`
  const created = await page.request.post('/api/blog-posts', { data: { title, content: 'Written first.', status: 'draft' }, headers })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  try {
    await open(page, `/admin/content/posts/${id}/edit`)
    const content = page.getByRole('textbox', { name: 'Content' })
    await expect(content).toHaveValue('Written first.')

    // Meanwhile /cms autosaves a newer draft of the same post.
    const latest = (await (await page.request.get(`/cms/api/posts/${id}?depth=0&draft=true`, { headers })).json()) as Record<string, unknown>
    const newer = JSON.parse(JSON.stringify(latest.content).replace('Written first.', 'Written first, then more in cms.'))
    const autosaved = await page.request.patch(`/cms/api/posts/${id}?draft=true&autosave=true&depth=0`, { data: { ...latest, content: newer, _status: 'draft' }, headers })
    expect(autosaved.status()).toBe(200)

    // The older copy's save: refused, said so, the typed text kept, the latest one a click away.
    await content.fill('Written first, and changed in admin.')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'This post was changed elsewhere' })
    await expect(alert).toBeVisible()
    await expect(content).toHaveValue('Written first, and changed in admin.')
    await expect(alert.getByRole('link', { name: 'Open the latest version (new tab)' })).toHaveAttribute('href', `/cms/collections/posts/${id}`)
    const stored = (await (await page.request.get(`/api/blog-posts/${id}`, { headers })).json()) as { content: string }
    expect(stored.content.trim()).toBe('Written first, then more in cms.')

    // Taking the latest: the form shows it, and saving from it goes through.
    await alert.getByRole('button', { name: 'Replace my changes with the latest version' }).click()
    await expect(content).toHaveValue('Written first, then more in cms.')
    await expect(alert).toBeHidden()
    await page.getByLabel('Title').fill(`${title} (renamed)`)
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/blog-posts/${id}`))
    await page.getByRole('button', { name: 'Save Changes' }).click()
    expect((await saved).status()).toBe(200)
    await expect(page.getByLabel('Title')).toHaveValue(`${title} (renamed)`)
  } finally {
    await page.request.delete(`/api/blog-posts/${id}`, { headers })
  }
})
