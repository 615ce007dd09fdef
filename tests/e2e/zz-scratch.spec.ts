import { test, expect } from './fixtures'
test('scratch', async ({ page }) => {
  const res = await page.goto('/')
  console.log('status /', res?.status())
  await page.goto('/login')
  await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0)
  console.log((await page.locator('astro-island').evaluateAll(els => els.map(e => e.getAttribute('client') + ' ' + e.getAttribute('component-url')))).join('\n'))
  await page.screenshot({ path: '/tmp/e2e-shots/scratch-login.png', fullPage: true })
})
