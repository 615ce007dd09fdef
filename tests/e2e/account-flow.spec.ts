// SPEC §2 (Account screens, Header), §4 (Account flow), §8 (account toasts): a new member's whole
// journey through the real pages, then the login form's error, show/hide and pending states.
import {
  atPath,
  birthDateYearsAgo,
  expect,
  expectToast,
  freshRequest,
  meFromPage,
  open,
  registerViaApi,
  SHOTS_DIR,
  test,
  uniqueUsername,
  waitForIslands,
} from './fixtures'

test('register → verify age → Premium offer → avatar menu → log out → sign in again', async ({ page }) => {
  const username = uniqueUsername('flow')
  const email = `${username}@example.org`
  const password = 'correct-horse-9'
  const dateOfBirth = birthDateYearsAgo(25)

  // Register.
  await open(page, '/register')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Date of birth').fill(dateOfBirth)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()

  // Age verification, greeted by the registration toast.
  await expect(page).toHaveURL(atPath('/age-verification'))
  await expectToast(page, 'Registration Successful', `Welcome to the community, ${username}!`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByLabel('Confirm date of birth').fill(dateOfBirth)
  await page.getByRole('button', { name: 'Verify My Age' }).click()

  // Just registered, so the Premium offer comes next (auto-redirect mode: no 'Maybe Later').
  await expect(page).toHaveURL(atPath('/welcome-premium'))
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('$4.99/month')
  await expect(dialog.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe')
  await expect(page.getByText('Maybe Later')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS_DIR}/welcome-premium-dialog.png` })

  // Closing the offer goes home, still signed in; the age verification toast waited for it.
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page).toHaveURL(atPath('/'))
  await expectToast(page, 'Age Verification Complete', 'You can now access all platform features.')

  // The avatar menu of a verified, non-premium member.
  await waitForIslands(page)
  const header = page.getByRole('banner')
  const avatar = header.getByRole('button', { name: 'Account menu' })
  await expect(avatar).toHaveText(username[0]!.toUpperCase())
  await avatar.click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(header.getByText(username, { exact: true })).toBeVisible()
  await expect(header.getByText(email, { exact: true })).toBeVisible()
  await expect(header.getByRole('list', { name: 'Member badges' })).toContainText(/#\d+/)
  await expect(header.getByText('Verified', { exact: true }).first()).toBeVisible()
  await expect(header.getByText('Unverified', { exact: true })).toHaveCount(0)
  await expect(menu.getByRole('menuitem')).toHaveText([
    'My Bookmarks',
    'Leaderboard',
    'Gamification',
    'Live Streams',
    'Upgrade to Premium - $4.99',
    'Log out',
  ])
  await expect(menu.getByRole('menuitem', { name: 'My Bookmarks' })).toHaveAttribute('href', '/bookmarks')
  await expect(menu.getByRole('menuitem', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard')
  await expect(menu.getByRole('menuitem', { name: 'Gamification' })).toHaveAttribute('href', '/gamification')
  await expect(menu.getByRole('menuitem', { name: 'Live Streams' })).toHaveAttribute('href', '/live')
  await expect(menu.getByRole('menuitem', { name: 'Upgrade to Premium - $4.99' })).toHaveAttribute('href', '/subscribe')
  await expect(menu.getByRole('menuitem', { name: 'Verify Age' })).toHaveCount(0)

  // Log out: back at / as a visitor, and the old session cookie no longer works server-side.
  const oldToken = (await page.context().cookies()).find((c) => c.name === 'payload-token')?.value
  expect(oldToken).toBeTruthy()
  const replay = await freshRequest()
  const replayHeaders = { cookie: `payload-token=${oldToken}`, origin: process.env.E2E_BASE_URL! }
  expect((await replay.get('/api/auth/me', { headers: replayHeaders })).status()).toBe(200)
  await menu.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
  await expect(page).toHaveURL(atPath('/'))
  await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Join Community', exact: true })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Premium $4.99', exact: true })).toBeVisible()
  expect((await meFromPage(page)).status).toBe(401)
  expect((await replay.get('/api/auth/me', { headers: replayHeaders })).status()).toBe(401)
  await replay.dispose()

  // Sign in again through the form.
  await open(page, '/login')
  await page.screenshot({ path: `${SHOTS_DIR}/login-page.png`, fullPage: true })
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(atPath('/'))
  await expectToast(page, 'Login Successful', `Welcome back, ${username}!`)
  await expect(header.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0)
})

test.describe('login form', () => {
  test('a wrong password shows the destructive Login Failed toast with the server message', async ({ page }) => {
    const api = await freshRequest()
    const { username } = await registerViaApi(api)
    await api.dispose()

    await open(page, '/login')
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    await expectToast(page, 'Login Failed', 'Invalid username or password.', { destructive: true })
    await expect(page).toHaveURL(atPath('/login'))
    // The form is usable again.
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  })

  test('the show/hide toggle switches the password input type', async ({ page }) => {
    await open(page, '/login')
    const password = page.getByLabel('Password', { exact: true })
    await password.fill('secret-value')
    await expect(password).toHaveAttribute('type', 'password')

    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true')
    await expect(password).toHaveValue('secret-value')

    await page.getByRole('button', { name: 'Hide password' }).click()
    await expect(password).toHaveAttribute('type', 'password')
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false')
  })

  test("the submit button reads 'Signing in...' while the request is pending", async ({ page }) => {
    const api = await freshRequest()
    const { username, password } = await registerViaApi(api)
    await api.dispose()

    // Hold the login request until the pending state has been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/auth/login', async (route) => {
      await held
      await route.continue()
    })

    await open(page, '/login')
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    const pending = page.getByRole('button', { name: 'Signing in...' })
    await expect(pending).toBeVisible()
    await expect(pending).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0)

    release()
    await expect(page).toHaveURL(atPath('/'))
    await expectToast(page, 'Login Successful', `Welcome back, ${username}!`)
  })
})
