// SPEC §2 Topics page (/categories), §9: a card per topic (icon by slug, colour, count, View All),
// then sections of up to 3 posts from the 9 most recent, with 'View All {name} Posts' when a section
// shows 3.
import { expect, open, SHOTS_DIR, test } from './fixtures'

type Category = { id: number; name: string; slug: string; color: string; postCount: number }
type Post = { categoryId: number | null; title: string }

test('topic cards: icon, colour, post count and a View All link per category', async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories?withPostCount=true')).json()) as Category[]
  await open(page, '/categories')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topics')
  const list = page.getByRole('list', { name: 'All topics' })
  await expect(list.getByRole('listitem')).toHaveCount(categories.length)
  for (const c of categories) {
    const card = list.locator(`[data-topic-card="${c.slug}"]`)
    await expect(card.getByRole('heading', { name: c.name })).toBeVisible()
    await expect(card.getByText(`${c.postCount} ${c.postCount === 1 ? 'post' : 'posts'}`)).toBeVisible()
    await expect(card.getByRole('link', { name: 'View All' })).toHaveAttribute('href', `/blog?category=${c.id}`)
    const slugIcons = ['headlines', 'world-news', 'community', 'justice', 'commentary']
    await expect(card.locator('svg[data-topic-icon]')).toHaveAttribute('data-topic-icon', slugIcons.includes(c.slug) ? c.slug : 'default')
  }
  await page.screenshot({ path: `${SHOTS_DIR}/topics.png`, fullPage: true })

  await list.locator('[data-topic-card="justice"]').getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/blog\?category=\d+$/)
  await expect(page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: /^Justice/ })).toHaveAttribute('aria-current', 'page')
})

test("sections show up to 3 of the 9 latest posts each, with 'View All {name} Posts' when 3 are shown", async ({ page, request }) => {
  const categories = (await (await request.get('/api/categories?withPostCount=true')).json()) as Category[]
  const recent = ((await (await request.get('/api/blog-posts?limit=9&status=published')).json()) as { posts: Post[] }).posts
  await open(page, '/categories')

  let full: Category | undefined
  // A topic whose section shows fewer than 3 (even when it has older posts): no link.
  let fewer: Category | undefined
  for (const c of categories) {
    const expected = recent.filter((p) => p.categoryId === c.id).slice(0, 3)
    const section = page.locator(`section[data-topic-section="${c.slug}"]`)
    if (expected.length === 0) {
      await expect(section).toHaveCount(0)
      continue
    }
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(c.name)
    await expect(section.locator('[data-post-card]')).toHaveCount(expected.length)
    for (const post of expected) await expect(section.getByRole('heading', { level: 3, name: post.title })).toBeVisible()
    const viewAll = section.getByRole('link', { name: `View All ${c.name} Posts` })
    if (expected.length === 3) {
      await expect(viewAll).toHaveAttribute('href', `/blog?category=${c.id}`)
      full ??= c
    } else {
      await expect(viewAll).toHaveCount(0)
      fewer ??= c
    }
  }

  // The seed's 9 latest posts include 3 Headlines, and a topic with fewer.
  expect(full).toBeDefined()
  expect(fewer).toBeDefined()
  await page.getByRole('link', { name: `View All ${full!.name} Posts` }).click()
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=${full!.id}$`))
  await expect(page.locator('[data-post-card]').first()).toContainText(full!.name)
})
