// Shared by the videos*.test.ts and media.test.ts suites (not a test file itself).
import { inject } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'

export const baseUrl = inject('baseUrl')

/** Seeded videos the suites rely on (cms/seed/fixtures/videos.ts). */
export const SEEDED = {
  youtubeWithSeo: 'CsBlIZ1NAIR', // newest, 6 key moments
  youtubeNoSeo: 'MHR1rkWTVfn',
  premiumYoutube: 'Fwu4tc9virX',
  premiumManual: 'manual_qhfv08uerf',
  freeManual: 'manual_noib0upzhq',
  uncutYoutube: '5kngL5_mV6H', // uncut, not premium: premium-only all the same (the premium gate)
} as const

export async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  const res = await client.post('/api/auth/login', inject('admin'))
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`)
  return client
}

/** A member made Premium the way the creator does it: PATCH through Payload's REST API as the admin. */
export async function premiumMember() {
  const member = await registerMember(baseUrl)
  const admin = await signedInAdmin()
  const res = await admin.patch(`/cms/api/users/${member.user.id}`, { isPremium: true })
  if (res.status !== 200) throw new Error(`could not make premium: ${res.status} ${JSON.stringify(res.body)}`)
  return member
}

export const SUMMARY_KEYS = ['duration', 'earlyAccessUntil', 'id', 'isPremium', 'isUncut', 'publishedAt', 'source', 'thumbnailUrl', 'title', 'videoId', 'viewCount']
export const DETAIL_KEYS = [...SUMMARY_KEYS, 'category', 'comments', 'createdAt', 'description', 'keywords', 'locked', 'tags', 'videoUrl'].sort()
