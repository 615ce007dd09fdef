import { signInToCms } from './cms-helpers'
import { expect, test } from './fixtures'

// Password reset is off in the suite (PASSWORD_RESET unset): /cms must not offer it, since its
// form would say "Email sent" for an email that never comes.
test('/cms/login offers no "Forgot password?" while reset is off, and still signs the creator in', async ({ page }) => {
  await page.goto('/cms/login')
  await expect(page.getByLabel('Username')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  await expect(page.getByText('Forgot password?')).toHaveCount(0)
  await page.goto('/cms/forgot')
  await expect(page).toHaveURL(/\/cms\/login$/)
  await expect(page.getByText('Forgot password?')).toHaveCount(0)
  await signInToCms(page)
})
