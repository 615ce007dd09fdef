// SPEC §2 "Premium onboarding dialog" and the home promo block (§2 Home, §6 Premium).
import { expect, freshRequest, makePremiumAsAdmin, open, registerViaApi, test, verifyViaApi } from './fixtures'

const FEATURES = ['Uncut Videos', 'Premium Live Streams', 'Early Access', 'Ad-Free Experience', 'Priority Support', 'Exclusive Badge']

test('a premium member sees no Premium promo on the home page', async ({ page }) => {
  const { id } = await registerViaApi(page)
  const adminRequest = await freshRequest()
  try {
    await makePremiumAsAdmin(adminRequest, id)
  } finally {
    await adminRequest.dispose()
  }
  await open(page, '/')
  await expect(page.getByTestId('latest-video')).toBeVisible()
  await expect(page.getByTestId('premium-promo')).toHaveCount(0)
})

test('a member walks the 4 onboarding steps with bounded Back/Continue, then closes', async ({ page }) => {
  const { username } = await registerViaApi(page)
  await open(page, '/')
  const promo = page.getByTestId('premium-promo')
  await expect(promo).toBeVisible()
  await expect(promo.getByRole('link', { name: 'Join Free Community' })).toHaveCount(0)
  const opener = promo.getByRole('button', { name: 'Upgrade to Premium' })
  await opener.click()

  const dialog = page.getByRole('dialog')
  const progress = dialog.getByRole('progressbar', { name: 'Onboarding progress' })
  const back = dialog.getByRole('button', { name: 'Back', exact: true })
  const next = dialog.getByRole('button', { name: 'Continue', exact: true })

  // Step 0: Welcome greets the username.
  await expect(dialog.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '25')
  await expect(dialog.getByText('25%', { exact: true })).toBeVisible()
  await expect(back).toBeDisabled()
  await expect(next).toBeEnabled()

  // Step 1: Features.
  await next.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '50')
  for (const feature of FEATURES) await expect(dialog.getByText(feature, { exact: true })).toBeVisible()
  await expect(back).toBeEnabled()

  // Step 2: Pricing, $4.99/month with 5 bullets.
  await next.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '75')
  await expect(dialog.getByText('$4.99/month', { exact: true })).toBeVisible()
  await expect(dialog.locator('ul > li')).toHaveCount(5)

  // Step 3: Payment; Continue stops here.
  await next.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '100')
  await expect(dialog.getByText('100%', { exact: true })).toBeVisible()
  await expect(next).toBeDisabled()
  await expect(dialog).toContainText(/secure/i)
  for (const method of ['Visa', 'MC', 'Amex', 'PayPal']) await expect(dialog.getByRole('list', { name: 'Accepted payment methods' })).toContainText(method)
  const complete = dialog.getByRole('link', { name: 'Complete Subscription - $4.99/month' })
  await expect(complete).toHaveAttribute('href', '/subscribe')
  await expect(complete).toBeFocused()

  // Back goes one step at a time and stops at the start.
  await back.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '75')
  await back.click()
  await back.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '25')
  await expect(back).toBeDisabled()

  // Close, then reopen: back at the start step.
  await next.click()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(opener).toBeFocused()
  await opener.click()
  await expect(progress).toHaveAttribute('aria-valuenow', '25')

  // Escape closes too.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('Complete Subscription leads to /subscribe (age-verified members; others verify their age first)', async ({ page }) => {
  const { dateOfBirth } = await registerViaApi(page)
  await open(page, '/subscribe')
  await expect(page).toHaveURL((url) => url.pathname === '/age-verification')
  await verifyViaApi(page, dateOfBirth)
  await open(page, '/')
  await page.getByTestId('premium-promo').getByRole('button', { name: 'Upgrade to Premium' }).click()
  const dialog = page.getByRole('dialog')
  for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await dialog.getByRole('link', { name: 'Complete Subscription - $4.99/month' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/subscribe')
})

test('keyboard: the dialog traps Tab and is usable without a mouse', async ({ page }) => {
  await open(page, '/')
  const opener = page.getByTestId('premium-promo').getByRole('button', { name: 'Get Premium Access' })
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await dialog.getByRole('button', { name: 'Continue', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
})
