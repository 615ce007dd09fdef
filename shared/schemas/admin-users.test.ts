import { describe, expect, it } from 'vitest'

import { UNKNOWN_BADGE } from '../badges'
import { addBadgeSchema, adminUserListQuerySchema, moderatorUpdateSchema, IS_MODERATOR_INVALID } from './admin-users'

describe('the Badges tab inputs', () => {
  it('pages 1..100 per page (100 by default) and treats a blank search as none', () => {
    expect(adminUserListQuerySchema.parse({})).toEqual({ page: 1, limit: 100, search: undefined })
    expect(adminUserListQuerySchema.parse({ page: '3', limit: '500', search: '  ' })).toEqual({ page: 3, limit: 100, search: undefined })
    expect(adminUserListQuerySchema.parse({ search: ' Keisha ' }).search).toBe('Keisha')
  })

  it('refuses unknown badges and non-boolean moderator flags with a clear message', () => {
    expect(addBadgeSchema.safeParse({ badge: 'superstar' }).error?.issues[0]?.message).toBe(UNKNOWN_BADGE)
    expect(addBadgeSchema.parse({ badge: 'contributor' })).toEqual({ badge: 'contributor' })
    expect(moderatorUpdateSchema.safeParse({ isModerator: 'yes' }).error?.issues[0]?.message).toBe(IS_MODERATOR_INVALID)
  })
})
