import { request as playwrightRequest } from '@playwright/test'

import { expect, registerViaApi, signInToCms, test } from './fixtures'

// The creator finds a member by email, and making them an admin takes a
// deliberate confirmation; the fields the site keeps (points, payment ids) are not typed here.
test('the creator finds a member by email and needs to confirm before making them an admin', async ({ page }) => {
  const visitorContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL })
  const member = await registerViaApi(visitorContext)
  await visitorContext.dispose()

  await signInToCms(page)

  // Search by the email address: the list finds the member.
  await page.goto(`/cms/collections/users?search=${encodeURIComponent(`${member.username}@example.org`)}`)
  const row = page.getByRole('link', { name: member.username, exact: true })
  await expect(row).toBeVisible()
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/cms/collections/users/${member.id}$`))

  // The edit form shows the email (sign-in is by username, so Payload's form would hide it).
  await expect(page.locator('#field-email')).toHaveValue(`${member.username}@example.org`)
  await expect(page.locator('#field-points')).toBeDisabled()
  await expect(page.locator('#field-paypalSubscriptionId')).toBeDisabled()

  // One click on Is Admin is not enough.
  await page.locator('#field-isAdmin').check()
  await page.getByRole('button', { name: 'Save' }).click()
  // Payload's admin names the field to fix: the confirmation.
  await expect(page.getByText('The following field is invalid: Confirm admin change')).toBeVisible()
  const meAfterRefusal = await page.request.get(`/cms/api/users/${member.id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
  expect(((await meAfterRefusal.json()) as { isAdmin: boolean }).isAdmin).toBe(false)

  // Confirmed, it saves.
  await page.locator('#field-confirmAdminChange').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  const saved = await page.request.get(`/cms/api/users/${member.id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
  expect(((await saved.json()) as { isAdmin: boolean }).isAdmin).toBe(true)
})

// The creator's day: making a member a moderator is one tick, with no admin confirmation needed.
test('the creator makes a member a moderator in one step', async ({ page }) => {
  const visitorContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL })
  const member = await registerViaApi(visitorContext)
  await visitorContext.dispose()

  await signInToCms(page)

  await page.goto(`/cms/collections/users/${member.id}`)
  await page.locator('#field-isModerator').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  const saved = await page.request.get(`/cms/api/users/${member.id}`, { headers: { origin: process.env.E2E_BASE_URL! } })
  expect(await saved.json()).toMatchObject({ isModerator: true, isAdmin: false })
})
