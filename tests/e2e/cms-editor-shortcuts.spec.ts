// The post editor in /cms keeps writers' keyboard habits and fits a phone: Ctrl+K on selected
// text opens the link box, ``` on a line of its own starts a code block, and the formatting
// toolbar over a selection stays on a 390 px screen.
import { randomBytes } from 'node:crypto'

import { expect, test } from './fixtures'
import { cmsApi, lexicalEditor, signInToCms, waitForCmsView } from './cms-helpers'

test.use({ viewport: { width: 390, height: 844 } })

test('Ctrl+K links the selection, ``` starts a code block, and the toolbar fits a phone', async ({ page }) => {
  await signInToCms(page)
  await page.goto('/cms/collections/posts/create')
  await waitForCmsView(page)
  await page.locator('#field-title').fill(`Shortcuts ${randomBytes(4).toString('hex')}`)
  const editor = lexicalEditor(page)
  await editor.click()
  await page.keyboard.type('Read the voting guide')
  await page.keyboard.press('Shift+Home')

  // The toolbar over the selection is on the screen, all of it.
  const toolbar = page.locator('.inline-toolbar-popup')
  await expect(toolbar).toBeVisible()
  await expect.poll(async () => {
    const box = await toolbar.boundingBox()
    return box !== null && box.x >= 0 && box.x + box.width <= 390
  }).toBe(true)

  await page.keyboard.press('ControlOrMeta+k')
  const linkBox = page.getByRole('dialog').filter({ hasText: 'Edit Link' })
  await expect(linkBox).toBeVisible()
  // Payload's link drawer does not tie its labels to its inputs: text to display, then the URL.
  const [text, url] = [linkBox.getByRole('textbox').nth(0), linkBox.getByRole('textbox').nth(1)]
  await expect(text).toHaveValue('Read the voting guide')
  await url.fill('https://vote.example.org/guide')
  await linkBox.getByRole('button', { name: 'Save changes' }).click()
  await expect(editor.getByRole('link', { name: 'Read the voting guide' })).toBeVisible()

  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.press('Enter')
  await page.keyboard.type('```ts')
  await page.keyboard.press('Enter')
  const code = page.locator('.code-block-textarea textarea')
  await expect(code).toBeFocused()
  // Autosave stores it (the post exists since the editor opened): the link and a TypeScript code block.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('autosave=true') && (r.request().postData() ?? '').includes('const turnout = 0.66'),
  )
  await page.keyboard.type('const turnout = 0.66')
  await expect(code).toHaveValue('const turnout = 0.66')
  await expect(editor).not.toContainText('```')
  const doc = ((await (await saved).json()) as { doc: { id: number; content: unknown } }).doc
  const stored = JSON.stringify(doc.content)
  expect(stored).toContain('"url":"https://vote.example.org/guide"')
  expect(stored).toMatch(/"blockType":"Code"[^}]*"language":"typescript"|"language":"typescript"[^}]*"blockType":"Code"/)
  expect(stored).toContain('const turnout = 0.66')
  await cmsApi(page).delete(`posts/${doc.id}`)
})
