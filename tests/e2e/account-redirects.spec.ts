// SPEC §2 (Account screens, Admin panel) and §4 (Account flow): every redirect rule of the account
// pages and the /admin gate, for visitors, unverified, verified, premium members and the admin.
import {
  admin,
  atPath,
  expect,
  expectToast,
  freshRequest,
  loginViaApi,
  makePremiumAsAdmin,
  meFromPage,
  open,
  registerViaApi,
  SHOTS_DIR,
  test,
  verifyViaApi,
} from './fixtures'

test.describe('signed in: /login and /register go home', () => {
  for (const path of ['/login', '/register']) {
    test(`${path} → /`, async ({ page }) => {
      await registerViaApi(page)
      await page.goto(path)
      await expect(page).toHaveURL(atPath('/'))
    })
  }
})

test.describe('/age-verification', () => {
  test('signed out → /login', async ({ page }) => {
    await page.goto('/age-verification')
    await expect(page).toHaveURL(atPath('/login'))
    // Signing in brings them back.
    expect(new URL(page.url()).searchParams.get('next')).toBe('/age-verification')
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  })

  test('already verified → /', async ({ page }) => {
    const { dateOfBirth } = await registerViaApi(page)
    await verifyViaApi(page, dateOfBirth)
    await page.goto('/age-verification')
    await expect(page).toHaveURL(atPath('/'))
  })

  test('verifying without having just registered → / (no Premium offer)', async ({ page }) => {
    const { dateOfBirth } = await registerViaApi(page)
    await open(page, '/age-verification')
    await page.getByLabel('Confirm date of birth').fill(dateOfBirth)
    await page.getByRole('button', { name: 'Verify My Age' }).click()
    await expect(page).toHaveURL(atPath('/'))
    await expectToast(page, 'Age Verification Complete', 'You can now access all platform features.')
    const me = await meFromPage(page)
    expect(me.user?.isVerified).toBe(true)
  })
})

test.describe('/welcome-premium', () => {
  test('signed out → /login', async ({ page }) => {
    await page.goto('/welcome-premium')
    await expect(page).toHaveURL(atPath('/login'))
    expect(new URL(page.url()).searchParams.get('next')).toBe('/welcome-premium')
  })

  test('unverified → /age-verification', async ({ page }) => {
    await registerViaApi(page)
    await page.goto('/welcome-premium')
    await expect(page).toHaveURL(atPath('/age-verification'))
  })

  test('verified, not premium: the offer is shown', async ({ page }) => {
    const { dateOfBirth } = await registerViaApi(page)
    await verifyViaApi(page, dateOfBirth)
    await page.goto('/welcome-premium')
    await expect(page).toHaveURL(atPath('/welcome-premium'))
    await expect(page.getByRole('dialog')).toContainText('$4.99/month')
  })

  test('premium member → /', async ({ page }) => {
    const { dateOfBirth, id } = await registerViaApi(page)
    await verifyViaApi(page, dateOfBirth)
    const adminApi = await freshRequest()
    try {
      await makePremiumAsAdmin(adminApi, id)
    } finally {
      await adminApi.dispose()
    }
    await page.goto('/welcome-premium')
    await expect(page).toHaveURL(atPath('/'))

    // The header knows too: no upgrade item in the avatar menu.
    await open(page, '/')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /Upgrade to Premium/ })).toHaveCount(0)
  })
})

test.describe('/admin', () => {
  test("a visitor sees 'Access Denied' with a Login button to /login, which brings them back", async ({ page }) => {
    await page.goto('/admin/settings')
    await expect(page).toHaveURL(atPath('/admin/settings'))
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible()
    const login = page.getByRole('main').getByRole('link', { name: 'Login', exact: true })
    await expect(login).toHaveAttribute('href', '/login?next=%2Fadmin%2Fsettings')
    await login.click()
    await expect(page).toHaveURL(atPath('/login'))
  })

  test("a member sees 'Admin Access Required' with a Go Home button", async ({ page }) => {
    await registerViaApi(page)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
    const home = page.getByRole('main').getByRole('link', { name: 'Go Home', exact: true })
    await expect(home).toHaveAttribute('href', '/')
    await page.screenshot({ path: `${SHOTS_DIR}/admin-access-required.png` })
    await home.click()
    await expect(page).toHaveURL(atPath('/'))
  })

  test('the admin sees the dashboard; each tab is its own URL, and /cms is a link away', async ({ page }) => {
    const { username, password } = admin()
    await loginViaApi(page, username, password)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    const tabs = page.getByRole('navigation', { name: 'Admin sections' })
    await expect(tabs.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page')
    await tabs.getByRole('link', { name: 'Content' }).click()
    await expect(page).toHaveURL(atPath('/admin/content/posts'))
    await page.reload()
    await expect(tabs.getByRole('link', { name: 'Content' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('navigation', { name: 'Content sections' }).getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page')
    expect((await page.goto('/admin/no-such-tab'))?.status()).toBe(404)

    await page.goto('/admin')
    await page.getByRole('link', { name: 'Open the full editor (/cms)' }).click()
    await expect(page).toHaveURL(/\/cms\/?$/)
    await expect(page.getByRole('link', { name: 'Users' }).first()).toBeVisible()
    // The creator's content comes before the community (members, comments and their activity).
    await expect(page.getByRole('heading', { level: 2, name: 'Content', exact: true })).toBeVisible()
    const groups = await page.getByRole('heading', { level: 2 }).allTextContents()
    expect(groups.indexOf('Content')).toBeGreaterThanOrEqual(0)
    expect(groups.indexOf('Content')).toBeLessThan(groups.indexOf('Community'))
  })
})
