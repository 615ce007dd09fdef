// Premium end to end: a member pays at /subscribe through the PayPal button (the fake
// PayPal's JS SDK and REST API, started by global-setup), the server checks the subscription with
// "PayPal" and grants Premium, /premium shows the benefits, a premium video plays, and cancelling
// Keeps Premium until the end of the paid period.
import type { Page } from '@playwright/test'

import { PAYPAL_CONFIG_ERROR } from '../../shared/messages'
import { admin, atPath, expect, expectToast, loginViaApi, open, registerViaApi, test } from './fixtures'

const PREMIUM_VIDEO = 'manual_qhfv08uerf'

/** A fresh, age-verified member signed in to this page (registration verifies the date of birth). */
async function member(page: Page) {
  const account = await registerViaApi(page)
  await page.request.post('/api/auth/verify-age', { data: { dateOfBirth: account.dateOfBirth }, headers: { origin: process.env.E2E_BASE_URL! } })
  return account
}

test('a member subscribes through PayPal, watches a premium video, cancels and keeps Premium until the paid period ends', async ({ page }) => {
  await member(page)

  // /premium offers it to a member without Premium; 'Subscribe Now' leads to the payment page.
  await open(page, '/premium')
  await page.getByRole('link', { name: 'Subscribe Now' }).click()
  await expect(page).toHaveURL(atPath('/subscribe'))
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Premium' })).toBeVisible()
  await expect(page.getByText('$4.99/month').first()).toBeVisible()
  await expect(page.getByText('Cancel anytime', { exact: true })).toBeVisible()

  // The PayPal SDK renders its button; approving creates the subscription at PayPal.
  const approve = page.locator('[data-fake-paypal="approve"]')
  await expect(approve).toBeVisible()
  await approve.click()
  await expectToast(page, 'Subscription Approved')
  // 1.5 s later: /premium, now with the member's benefits and the renewal date.
  await expect(page).toHaveURL(atPath('/premium'), { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Your Premium membership' })).toBeVisible()
  await expect(page.getByTestId('premium-status')).toContainText(/Renews on [A-Z][a-z]{2} \d{2}, \d{4}/)
  await expect(page.getByRole('heading', { name: 'Your benefits' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'support@example.org' })).toHaveAttribute('href', 'mailto:support@example.org')

  // No upgrade prompt anywhere now; the premium video plays.
  await open(page, '/')
  await expect(page.getByTestId('premium-promo')).toHaveCount(0)
  await open(page, `/video/${PREMIUM_VIDEO}`)
  await expect(page.getByTestId('premium-lock')).toHaveCount(0)
  const video = page.locator('video#video-player')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1)

  // Cancel: asked first, then PayPal stops the renewals and the page says until when.
  await open(page, '/premium')
  await page.getByRole('button', { name: 'Cancel subscription' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your Premium subscription?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click()
  await expectToast(page, 'Subscription Cancelled')
  await expect(page.getByTestId('premium-status')).toContainText(/Premium until [A-Z][a-z]{2} \d{2}, \d{4}/)
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0)
  // Still Premium until then.
  await open(page, `/video/${PREMIUM_VIDEO}`)
  await expect(page.getByTestId('premium-lock')).toHaveCount(0)
})

test("closing PayPal's window says the subscription was cancelled and changes nothing", async ({ page }) => {
  await member(page)
  await open(page, '/subscribe')
  await page.locator('[data-fake-paypal="cancel"]').click()
  await expectToast(page, 'Subscription Cancelled', 'Your subscription was cancelled.')
  await expect(page).toHaveURL(atPath('/subscribe'))
  await open(page, '/premium')
  await expect(page.getByRole('link', { name: 'Subscribe Now' })).toBeVisible()
})

test("a visitor on /premium is asked to log in first ('Login Required'), and /subscribe sends them to log in", async ({ page }) => {
  await open(page, '/premium')
  await expectToast(page, 'Login Required', 'Please log in to subscribe to premium')
  await expect(page.getByRole('link', { name: 'Login to Subscribe' })).toHaveAttribute('href', '/login?next=/subscribe')
  await expect(page.getByRole('heading', { name: 'Questions' })).toBeVisible()
  await page.goto('/subscribe')
  await expect(page).toHaveURL(atPath('/login'))
})

test('an admin is never offered Premium: /subscribe leads to /premium, which lists the benefits', async ({ page }) => {
  await loginViaApi(page, admin().username, admin().password)
  await open(page, '/subscribe')
  await expect(page).toHaveURL(atPath('/premium'))
  await expect(page.getByRole('heading', { level: 1, name: 'Your Premium membership' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0)
  await open(page, '/')
  await expect(page.getByTestId('premium-promo')).toHaveCount(0)
})

test.describe('with PayPal answering 503 for the client id', () => {
  test('/subscribe says PayPal is misconfigured instead of showing a button', async ({ page }) => {
    await member(page)
    await page.route('**/api/paypal/client-id', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"PayPal is not configured."}' }))
    await open(page, '/subscribe')
    await expect(page.getByRole('alert').filter({ hasText: PAYPAL_CONFIG_ERROR })).toBeVisible()
    await expect(page.locator('[data-fake-paypal="approve"]')).toHaveCount(0)
  })
})
