// Small things in /cms that a creator meets every day: a delete dialog that shows
// A title with <tags> exactly as written, a category colour picked from the preset swatches with
// the keyboard, and Yes/No in list columns of checkboxes.
import { randomBytes } from 'node:crypto'

import { expect, SHOTS_DIR, test } from './fixtures'
import { cmsApi, signInToCms, waitForCmsView } from './cms-helpers'

test('the delete dialogs show a title containing <tags> and & exactly as written', async ({ page }) => {
  await signInToCms(page)
  const marker = randomBytes(4).toString('hex')
  const title = `<b>Bold</b> & <i>x</i> ${marker}`
  const created = await page.request.post('/api/blog-posts', {
    data: { title, content: 'A post whose title looks like markup.', status: 'draft' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  // From the edit view: the document's menu, then Delete.
  await page.goto(`/cms/collections/posts/${id}`)
  await waitForCmsView(page)
  await page.locator('.doc-controls__popup button').first().click()
  await page.locator('#action-delete').click()
  const dialog = page.locator('.confirmation-modal').filter({ hasText: 'Are you sure?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`the Post “${title}”. Are you sure?`)
  await expect(dialog.locator('b, i')).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS_DIR}/cms-delete-dialog.png` })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  // From the list: select the row, Delete, and confirm.
  await page.goto(`/cms/collections/posts?search=${marker}`)
  await waitForCmsView(page)
  const row = page.locator('.table tbody tr').filter({ hasText: marker })
  await expect(row).toHaveCount(1)
  await expect(row.locator('td').filter({ hasText: title })).toHaveCount(1)
  await row.locator('.select-row__checkbox input, input[type="checkbox"]').first().check()
  await page.locator('.delete-documents__toggle').click()
  const many = page.locator('.confirmation-modal').filter({ hasText: 'You are about to delete 1 Post' })
  await expect(many).toBeVisible()
  await many.getByRole('button', { name: /confirm|delete/i }).last().click()
  await expect(page.getByText(/Deleted 1 Post/i).first()).toBeVisible()
  expect((await cmsApi(page).get(`posts/${id}`)).status()).toBe(404)
})

test('a category colour is picked from the 8 labelled swatches, with the arrow keys', async ({ page }) => {
  await signInToCms(page)
  await page.goto('/cms/collections/categories/create')
  await waitForCmsView(page)
  const swatches = page.getByRole('group', { name: 'Color' })
  await expect(swatches.getByRole('radio')).toHaveCount(8)
  const blue = swatches.getByRole('radio', { name: 'Blue #0d6efd' })
  await expect(blue).toBeChecked()

  const name = `Swatch test ${randomBytes(3).toString('hex')}`
  await page.locator('#field-name').fill(name)
  await blue.focus()
  await page.keyboard.press('ArrowRight')
  const green = swatches.getByRole('radio', { name: 'Green #198754' })
  await expect(green).toBeChecked()
  await expect(green).toBeFocused()
  await swatches.screenshot({ path: `${SHOTS_DIR}/cms-category-swatches.png` })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()

  const found = await cmsApi(page).get(`categories?where[name][equals]=${encodeURIComponent(name)}`)
  const { docs } = (await found.json()) as { docs: { id: number; color: string }[] }
  expect(docs.map((d) => d.color)).toEqual(['#198754'])
  // Opened again, the stored colour is the one checked.
  await page.goto(`/cms/collections/categories/${docs[0].id}`)
  await waitForCmsView(page)
  await expect(page.getByRole('group', { name: 'Color' }).getByRole('radio', { name: 'Green #198754' })).toBeChecked()
  // The list shows the colour's swatch beside its hex.
  await page.goto(`/cms/collections/categories?search=${encodeURIComponent(name)}`)
  await waitForCmsView(page)
  const cell = page.locator('.table tbody tr').filter({ hasText: name }).locator('td.cell-color')
  await expect(cell).toHaveText('#198754')
  await expect(cell.locator('span[aria-hidden="true"]')).toHaveCSS('background-color', 'rgb(25, 135, 84)')
  await cmsApi(page).delete(`categories/${docs[0].id}`)
})

test('list columns of checkboxes read Yes and No', async ({ page }) => {
  await signInToCms(page)
  await page.goto('/cms/collections/videos?where[isPremium][equals]=true')
  await waitForCmsView(page)
  const premium = page.locator('.table tbody td.cell-isPremium')
  await expect(premium.first()).toHaveText('Yes')
  await page.goto('/cms/collections/videos?where[isPremium][equals]=false')
  await waitForCmsView(page)
  await expect(page.locator('.table tbody td.cell-isPremium').first()).toHaveText('No')
  await expect(page.locator('.table tbody td').filter({ hasText: /^(true|false)$/ })).toHaveCount(0)
})
