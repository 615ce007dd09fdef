// The home page's For You section: a member's own part of the shared home page
// (site/lib/member-parts.ts), the first items of their current recommendations with the reason
// for each, or an invitation to /recommendations; nothing for visitors; never another member's,
// and never a kept copy older than the member's last mood.
import { describe, expect, it } from 'vitest'

import { PAGE_SIZES } from '../../shared/constants'
import { FOR_YOU_INVITATION } from '../../shared/member-messages'
import type { RecommendationView } from '../../shared/types/recommendations'
import { registerMember } from '../helpers/api-client'
import { baseUrl } from './videos-helpers'

const probe = (label: string) => `/?probe=${label}${Date.now().toString(36)}`

const home = async (path: string, cookie?: string | null) => {
  const res = await fetch(baseUrl + path, { headers: cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {} })
  expect(res.status).toBe(200)
  return { html: await res.text(), shell: res.headers.get('x-member-shell') }
}

const decode = (text: string) =>
  text.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&#x([\da-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The For You section of a home page: null when there is none; its items' links and reasons, in order. */
function forYou(html: string) {
  const start = html.indexOf('data-testid="for-you"')
  if (start === -1) return null
  const section = html.slice(start, html.indexOf('</section>', start))
  const itemsAt = section.indexOf('data-testid="for-you-items"')
  const items = itemsAt === -1 ? '' : section.slice(itemsAt)
  return {
    section,
    urls: [...items.matchAll(/href="(\/(?:video|post)\/[^"]+)"/g)].map((m) => m[1]!),
    reasons: [...items.matchAll(/data-testid="for-you-reason">([^<]*)</g)].map((m) => decode(m[1]!.trim())),
  }
}

const firstItems = (list: RecommendationView[]) => list.slice(0, PAGE_SIZES.homeForYou)

describe("the home page's For You section", () => {
  it("shows a member their first items with the reason for each, another member only the invitation, a visitor nothing", async () => {
    const ada = await registerMember(baseUrl)
    const grace = await registerMember(baseUrl)
    const mood = await ada.client.post('/api/user/mood', { mood: 'hopeful', intensity: 0.8 })
    expect(mood.status).toBe(201)
    const feed = await ada.client.get<RecommendationView[]>('/api/recommendations')
    expect(feed.body.length).toBeGreaterThan(PAGE_SIZES.homeForYou)
    const path = probe('f')

    const forAda = forYou((await home(path, ada.client.cookie)).html)
    expect(forAda).not.toBeNull()
    expect(forAda!.urls).toEqual(firstItems(feed.body).map((r) => r.url))
    expect(forAda!.reasons).toEqual(firstItems(feed.body).map((r) => r.reason))
    expect(forAda!.reasons.some((reason) => reason.startsWith('Because you feel hopeful'))).toBe(true)
    expect(forAda!.section).toMatch(/<a href="\/recommendations"[^>]*>\s*See all/)
    expect(forAda!.section).not.toContain(FOR_YOU_INVITATION)

    // Grace gets the page kept from Ada's render, with her own part in it.
    const graceHome = await home(path, grace.client.cookie)
    expect(graceHome.shell).toBe('hit')
    const forGrace = forYou(graceHome.html)
    expect(forGrace).not.toBeNull()
    expect(forGrace!.urls).toEqual([])
    expect(forGrace!.section).toMatch(new RegExp(`<a href="/recommendations"[^>]*>\\s*${FOR_YOU_INVITATION}\\s*</a>`))
    expect(graceHome.html).not.toContain('Because you feel')

    const again = await home(path, ada.client.cookie)
    expect(again.shell).toBe('hit')
    expect(forYou(again.html)!.urls).toEqual(forAda!.urls)

    for (const visitorPath of ['/', probe('v')]) {
      const visitor = await home(visitorPath)
      expect(forYou(visitor.html)).toBeNull()
      expect(visitor.html).not.toContain('for-you-heading')
      expect(visitor.html).not.toContain(FOR_YOU_INVITATION)
    }
  })

  it('shows the new items on the next page after a new mood, never the kept ones', async () => {
    const ada = await registerMember(baseUrl)
    expect((await ada.client.post('/api/user/mood', { mood: 'hopeful', intensity: 1 })).status).toBe(201)
    const path = probe('m')
    // Rendered whole, then spliced with her part rendered, then with her part as kept.
    for (let i = 0; i < 3; i++) await home(path, ada.client.cookie)
    const kept = await home(path, ada.client.cookie)
    expect(kept.shell).toBe('hit')
    const before = forYou(kept.html)!
    expect(before.reasons.some((reason) => reason.startsWith('Because you feel hopeful'))).toBe(true)

    expect((await ada.client.post('/api/user/mood', { mood: 'angry', intensity: 1 })).status).toBe(201)
    const feed = await ada.client.get<RecommendationView[]>('/api/recommendations')
    const after = await home(path, ada.client.cookie)
    expect(after.shell).toBe('hit')
    const now = forYou(after.html)!
    expect(now.urls).toEqual(firstItems(feed.body).map((r) => r.url))
    expect(now.reasons).toEqual(firstItems(feed.body).map((r) => r.reason))
    expect(now.reasons.some((reason) => reason.startsWith('Because you feel angry'))).toBe(true)
    expect(now.reasons.some((reason) => reason.includes('hopeful'))).toBe(false)
  })

  it('a member who turns an item down no longer finds it on the home page', async () => {
    const ada = await registerMember(baseUrl)
    expect((await ada.client.post('/api/user/mood', { mood: 'curious' })).status).toBe(201)
    const path = probe('n')
    for (let i = 0; i < 3; i++) await home(path, ada.client.cookie)
    const first = (await ada.client.get<RecommendationView[]>('/api/recommendations')).body[0]!
    expect(forYou((await home(path, ada.client.cookie)).html)!.urls[0]).toBe(first.url)
    expect((await ada.client.patch(`/api/recommendations/${first.id}/feedback`, { feedback: 'not_interested' })).status).toBe(200)
    const after = await home(path, ada.client.cookie)
    expect(after.shell).toBe('hit')
    expect(forYou(after.html)!.urls).not.toContain(first.url)
  })
})
