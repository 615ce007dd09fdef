// SPEC §2 (/register, /login), §5 (Registration, Login, Age), §8 ('Registration Failed'): the
// client-side messages appear inline, next to their field, and nothing is sent to the server.
import type { Page } from '@playwright/test'

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
  todayUtc,
  uniqueUsername,
} from './fixtures'

const MIN_AGE_MESSAGE = 'You must be at least 13 years old to use this platform'

/** Records every POST to the given API path made by the page. */
function watchPosts(page: Page, path: string) {
  const seen: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) seen.push(request.url())
  })
  return seen
}

type RegisterFields = { username: string; email: string; dateOfBirth: string; password: string; confirmPassword: string }

const validFields = (): RegisterFields => ({
  username: uniqueUsername('val'),
  email: '',
  dateOfBirth: birthDateYearsAgo(25),
  password: 'correct-horse-9',
  confirmPassword: 'correct-horse-9',
})

async function fillRegister(page: Page, fields: RegisterFields) {
  await page.getByLabel('Username').fill(fields.username)
  await page.getByLabel('Email').fill(fields.email)
  await page.getByLabel('Date of birth').fill(fields.dateOfBirth)
  await page.getByLabel('Password', { exact: true }).fill(fields.password)
  await page.getByLabel('Confirm password').fill(fields.confirmPassword)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

test.describe('register form', () => {
  test('shows the age hint and limits the date of birth to today', async ({ page }) => {
    await open(page, '/register')
    const dateOfBirth = page.getByLabel('Date of birth')
    await expect(page.getByText(MIN_AGE_MESSAGE, { exact: true })).toBeVisible()
    await expect(dateOfBirth).toHaveAccessibleDescription(MIN_AGE_MESSAGE)
    await expect(dateOfBirth).toHaveAttribute('type', 'date')
    await expect(dateOfBirth).toHaveAttribute('max', todayUtc())
  })

  // field: where the message shows; focus: the first invalid field, which takes focus (default: field).
  const cases: { name: string; change: Partial<RegisterFields>; field: string; focus?: string; message: string }[] = [
    { name: 'empty username', change: { username: '' }, field: 'Username', message: 'Username is required' },
    {
      name: 'short password',
      change: { password: 'short12', confirmPassword: 'short12' },
      field: 'Confirm password',
      focus: 'Password',
      message: 'Password must be at least 8 characters',
    },
    {
      name: 'mismatched passwords',
      change: { confirmPassword: 'correct-horse-8' },
      field: 'Confirm password',
      message: "Passwords don't match",
    },
    {
      name: "a 12-year-old's birth date",
      change: { dateOfBirth: birthDateYearsAgo(12) },
      field: 'Date of birth',
      message: MIN_AGE_MESSAGE,
    },
  ]

  for (const c of cases) {
    test(`${c.name}: '${c.message}' inline, nothing submitted`, async ({ page }) => {
      const posts = watchPosts(page, '/api/auth/register')
      await open(page, '/register')
      await fillRegister(page, { ...validFields(), ...c.change })

      const input = page.getByLabel(c.field, { exact: true })
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(input).toHaveAccessibleDescription(c.message)
      await expect(page.getByRole('main').getByText(c.message, { exact: true }).first()).toBeVisible()
      // The first invalid field takes focus.
      await expect(page.getByLabel(c.focus ?? c.field, { exact: true })).toBeFocused()
      await expect(page).toHaveURL(atPath('/register'))
      expect(posts).toEqual([])
    })
  }

  test('several errors at once, and they clear as the fields are fixed', async ({ page }) => {
    const posts = watchPosts(page, '/api/auth/register')
    await open(page, '/register')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm password').fill('other')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${SHOTS_DIR}/register-errors.png`, fullPage: true })

    await page.getByLabel('Username').fill(uniqueUsername('val'))
    await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Username is required')).toHaveCount(0)
    expect(posts).toEqual([])
  })

  test("a taken username shows 'Registration Failed' with the server's message", async ({ page }) => {
    const api = await freshRequest()
    const { username } = await registerViaApi(api)
    await api.dispose()

    const posts = watchPosts(page, '/api/auth/register')
    await open(page, '/register')
    await fillRegister(page, { ...validFields(), username })
    await expectToast(page, 'Registration Failed', 'That username is already taken.', { destructive: true })
    await expect(page).toHaveURL(atPath('/register'))
    expect(posts).toHaveLength(1)
    // Still signed out.
    expect((await meFromPage(page)).status).toBe(401)
  })
})

test.describe('login form', () => {
  test("empty fields: 'Username is required' and 'Password is required', nothing submitted", async ({ page }) => {
    const posts = watchPosts(page, '/api/auth/login')
    await open(page, '/login')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Username is required')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required')
    await expect(page.getByText('Username is required', { exact: true })).toBeVisible()
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Username')).toBeFocused()

    // A username alone still leaves the password error.
    await page.getByLabel('Username').fill('someone')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText('Username is required', { exact: true })).toHaveCount(0)
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
    expect(posts).toEqual([])
    await expect(page).toHaveURL(atPath('/login'))
  })
})
