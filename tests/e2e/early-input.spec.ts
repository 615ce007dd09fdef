// Nothing a person does is lost: what a reader types, pastes or clicks before an island's
// Code has run is kept and acted on once it is live. Each test holds the island code back (the React
// renderer every island needs), acts on the server-rendered form or control, then lets the code in.
import type { Locator, Page } from '@playwright/test'

import { posts } from '../../cms/seed/fixtures/posts'
import { atPath, birthDateYearsAgo, expect, expectToast, registerViaApi, test, toasts, uniqueUsername } from './fixtures'

// A free, self-hosted video no other spec comments on (their counts stay theirs).
const VIDEO = 'manual_yhb0kz8soz'
// A published post other than the one lazy-islands.spec.ts bookmarks.
const post = posts.filter((p) => p.status === 'published')[1]!
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

/** Holds every island's code (the React renderer) until the returned function is called. */
async function holdIslandCode(page: Page): Promise<() => Promise<void>> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_astro\/client\.[^/]*\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return async () => release()
}

/**
 * Script errors, React's hydration mismatch among them: React would render a mismatched island
 * again from scratch, losing what is in it. (Thumbnails from YouTube fail offline; not counted.)
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Resolves once the island holding `inside` has hydrated (Astro drops its `ssr` attribute). */
async function hydrated(page: Page, inside: Locator) {
  await expect(page.locator('astro-island[ssr]', { has: inside })).toHaveCount(0)
}

/** Pastes `text` into `field` the way a person does: clipboard, focus, Ctrl+V. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text)
  await field.focus()
  await page.keyboard.press('ControlOrMeta+V')
  await expect(field).toHaveValue(text)
}

/** Counts the page's requests with this method whose path matches. */
function countRequests(page: Page, method: string, path: RegExp) {
  const seen = { count: 0 }
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.count += 1
  })
  return seen
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
})

test.describe('forms keep what was typed or pasted before they were live', () => {
  test('/login: a pasted username and a half-typed password survive hydration and sign in', async ({ page }) => {
    const errors = watchErrors(page)
    const member = await registerViaApi(page)
    await page.context().clearCookies()
    const release = await holdIslandCode(page)
    await page.goto('/login', { waitUntil: 'domcontentloaded' })
    const username = page.getByLabel('Username')
    const password = page.getByLabel('Password', { exact: true })
    await paste(page, username, member.username)
    await password.focus()
    await page.keyboard.type(member.password.slice(0, 6))

    await release()
    await hydrated(page, password)
    // Typing on re-renders the form: the earlier text must be in its state, not only in the DOM.
    await expect(password).toBeFocused()
    await page.keyboard.type(member.password.slice(6))
    await expect(username).toHaveValue(member.username)
    await expect(password).toHaveValue(member.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(atPath('/'))
    await expectToast(page, 'Login Successful')
    expect(errors).toEqual([])
  })

  test('/register: every field filled before the form is live (the username pasted) is kept and sent', async ({ page }) => {
    const errors = watchErrors(page)
    const name = uniqueUsername('early')
    const release = await holdIslandCode(page)
    await page.goto('/register', { waitUntil: 'domcontentloaded' })
    await paste(page, page.getByLabel('Username'), name)
    await page.getByLabel('Email').fill(`${name}@example.org`)
    await page.getByLabel('Date of birth').fill(birthDateYearsAgo(30))
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-9')
    const confirm = page.getByLabel('Confirm password')
    await confirm.focus()
    await page.keyboard.type('correct-horse')

    await release()
    await hydrated(page, confirm)
    await expect(confirm).toBeFocused()
    await page.keyboard.type('-9')
    await expect(page.getByLabel('Username')).toHaveValue(name)
    await expect(page.getByLabel('Email')).toHaveValue(`${name}@example.org`)
    await expect(page.getByLabel('Date of birth')).toHaveValue(birthDateYearsAgo(30))
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('correct-horse-9')
    await expect(confirm).toHaveValue('correct-horse-9')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL(atPath('/age-verification'))
    expect(errors).toEqual([])
  })

  test('/register: a username pasted while the form is loading stays when the next field is filled', async ({ page }) => {
    const name = uniqueUsername('paste')
    const release = await holdIslandCode(page)
    await page.goto('/register', { waitUntil: 'domcontentloaded' })
    await paste(page, page.getByLabel('Username'), name)
    await release()
    await hydrated(page, page.getByLabel('Username'))
    await page.getByLabel('Email').pressSequentially('a@example.org')
    await expect(page.getByLabel('Username')).toHaveValue(name)
    // A failing submit re-validates from the state: the pasted name must not be reported missing.
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Username is required')).toHaveCount(0)
    await expect(page.getByLabel('Username')).toHaveValue(name)
  })

  test('/age-verification: a date entered before the form is live is kept and sent', async ({ page }) => {
    await registerViaApi(page, { dateOfBirth: birthDateYearsAgo(40) })
    const release = await holdIslandCode(page)
    await page.goto('/age-verification', { waitUntil: 'domcontentloaded' })
    const date = page.getByLabel('Confirm date of birth')
    await date.fill(birthDateYearsAgo(40))
    await release()
    await hydrated(page, date)
    await expect(date).toHaveValue(birthDateYearsAgo(40))
    await page.getByRole('button', { name: 'Verify My Age' }).click()
    await expect(page).toHaveURL(atPath('/'))
    await expectToast(page, 'Age Verification Complete')
  })

  test('the comment form keeps the first letters typed right after focusing it, and the caret', async ({ page }) => {
    const errors = watchErrors(page)
    const release = await holdIslandCode(page)
    await page.goto(`/video/${VIDEO}`, { waitUntil: 'domcontentloaded' })
    const section = page.locator('section#comments')
    const name = section.getByLabel('Name', { exact: true })
    const comment = section.getByLabel('Comment', { exact: true })
    await name.focus()
    await page.keyboard.type('Early Reader')
    await comment.focus()
    const text = `Great footage ${Date.now()}`
    await page.keyboard.type(text.slice(0, 1))

    await release()
    await hydrated(page, comment)
    await expect(comment).toBeFocused()
    await page.keyboard.type(text.slice(1))
    await expect(comment).toHaveValue(text)
    await expect(name).toHaveValue('Early Reader')
    await expect(section.getByText(`${text.length}/2000`)).toBeVisible()
    await section.getByRole('button', { name: 'Post Comment' }).click()
    await expectToast(page, 'Comment Posted')
    await expect(section.getByRole('listitem').filter({ hasText: text })).toHaveCount(1)
    expect(errors).toEqual([])
  })
})

test.describe('an early click acts once the island is live, exactly once', () => {
  /** A member with a comment of their own on VIDEO; returns its text. */
  async function memberWithComment(page: Page) {
    await registerViaApi(page)
    const content = `A comment to act on ${Date.now()}`
    const res = await page.request.post(`/api/videos/${VIDEO}/comments`, { data: { content }, headers: origin() })
    expect(res.status()).toBe(201)
    return content
  }

  async function openWithCodeHeld(page: Page, path: string) {
    const release = await holdIslandCode(page)
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    return release
  }

  test('a vote pressed before the comments are live counts once', async ({ page }) => {
    const content = await memberWithComment(page)
    const votes = countRequests(page, 'POST', /^\/api\/comments\/\d+\/vote$/)
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    const item = page.locator('section#comments').getByRole('listitem').filter({ hasText: content }).first()
    const up = item.getByRole('button', { name: /^👍 \d+/ })
    await up.click()
    await release()
    await expect(up).toHaveText(/👍 1/)
    await expect(up).toHaveAttribute('aria-pressed', 'true')
    expect(votes.count).toBe(1)
  })

  test("a visitor's early vote shows the sign-in prompt", async ({ page }) => {
    const content = `A visitor's comment ${Date.now()}`
    const res = await page.request.post(`/api/videos/${VIDEO}/comments`, { data: { authorName: 'Early Visitor', content }, headers: origin() })
    expect(res.status()).toBe(201)
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    const item = page.locator('section#comments').getByRole('listitem').filter({ hasText: content }).first()
    await item.getByRole('button', { name: /^👍 \d+/ }).click()
    await release()
    await expect(item.getByRole('status').filter({ hasText: 'to vote on comments.' })).toHaveCount(1)
  })

  test('Reply pressed before the comments are live opens the reply form, focused, and the reply posts', async ({ page }) => {
    const content = await memberWithComment(page)
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    const item = page.locator('section#comments').getByRole('listitem').filter({ hasText: content }).first()
    await item.getByRole('button', { name: 'Reply', exact: true }).click()
    await release()
    const box = item.getByLabel('Reply', { exact: true })
    await expect(box).toBeFocused()
    const reply = `Early reply ${Date.now()}`
    await page.keyboard.type(reply)
    await expect(box).toHaveValue(reply)
    await item.getByRole('button', { name: 'Post Reply' }).click()
    await expectToast(page, 'Reply Posted')
    await expect(item.getByRole('list', { name: /^Replies to / }).getByText(reply)).toBeVisible()
  })

  test("the comment menu pressed before the comments are live opens once, and deletes", async ({ page }) => {
    const content = await memberWithComment(page)
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    const item = page.locator('section#comments').getByRole('listitem').filter({ hasText: content }).first()
    await item.getByRole('button', { name: 'Comment options' }).click()
    await release()
    const remove = item.getByRole('menuitem', { name: 'Delete Comment' })
    await expect(remove).toBeFocused()
    await remove.click()
    await expectToast(page, 'Comment Deleted')
    await expect(page.locator('section#comments').getByText(content)).toHaveCount(0)
  })

  test('Bookmark pressed right after load on a video saves it once', async ({ page }) => {
    await registerViaApi(page)
    const posts = countRequests(page, 'POST', /^\/api\/bookmarks$/)
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    await page.locator('main').getByRole('button', { name: 'Bookmark', exact: true }).first().click()
    await release()
    await expectToast(page, 'Bookmark Added')
    await expect(toasts(page).getByText('Bookmark Added', { exact: true })).toHaveCount(1)
    const check = await page.request.get(`/api/bookmarks/check/video/${VIDEO}`, { headers: origin() })
    expect(await check.json()).toEqual({ isBookmarked: true })
    expect(posts.count).toBe(1)
  })

  test("a visitor's early Bookmark asks them to sign in, once", async ({ page }) => {
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    await page.locator('main').getByRole('button', { name: 'Bookmark', exact: true }).first().click()
    await release()
    await expectToast(page, 'Sign In Required', 'Please sign in to bookmark content.')
    await expect(toasts(page).getByText('Sign In Required', { exact: true })).toHaveCount(1)
  })

  test('Share pressed right after load copies the link once', async ({ page, baseURL }) => {
    const release = await openWithCodeHeld(page, `/video/${VIDEO}`)
    await page.getByRole('button', { name: 'Share Video' }).click()
    await release()
    await expectToast(page, 'Link copied!')
    await expect(toasts(page).getByText('Link copied!', { exact: true })).toHaveCount(1)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/video/${VIDEO}`)
  })

  test('Bookmark pressed before a post page is live saves it once', async ({ page }) => {
    await registerViaApi(page)
    const posts = countRequests(page, 'POST', /^\/api\/bookmarks$/)
    const release = await openWithCodeHeld(page, `/post/${post.slug}`)
    await page.locator('main').getByRole('button', { name: 'Bookmark', exact: true }).click()
    await release()
    await expectToast(page, 'Bookmark Added')
    await expect(page.locator('main').getByRole('button', { name: 'Bookmarked', exact: true })).toBeVisible()
    expect(posts.count).toBe(1)
  })

  test('Edit Profile pressed before the profile is live opens the form', async ({ page }) => {
    const member = await registerViaApi(page)
    const release = await openWithCodeHeld(page, `/profile/${member.id}`)
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await release()
    await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible()
  })

  test("the Premium promo's button pressed before it is live opens the onboarding dialog once", async ({ page }) => {
    const { username } = await registerViaApi(page)
    const release = await openWithCodeHeld(page, '/')
    await page.getByTestId('premium-promo').getByRole('button', { name: 'Upgrade to Premium' }).click()
    await release()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible()
    await expect(dialog).toHaveCount(1)
  })

  test('a tab that is a link still navigates when pressed before its island is live', async ({ page }) => {
    const release = await openWithCodeHeld(page, '/leaderboard')
    await page.getByRole('tab', { name: 'All Time' }).click()
    await expect(page).toHaveURL(/[?&]period=all_time$/)
    await release()
    await expect(page.getByRole('tab', { name: 'All Time' })).toHaveAttribute('aria-selected', 'true')
  })
})
