// The Badges tab's three writes, each with its §8 failure toast and our success toast; the list
// shows the member as the server answered.
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { messageFromApiError } from '../../../../shared/api-error'
import { BADGE_LABELS } from '../../../../shared/badges'
import {
  BADGE_ADDED,
  BADGE_REMOVED,
  badgeAddedDescription,
  badgeRemovedDescription,
  MODERATOR_STATUS_UPDATED,
  moderatorDescription,
} from '../../../../shared/badge-messages'
import type { BadgeCode } from '../../../../shared/constants'
import { FAILED_TO_ADD_BADGE, FAILED_TO_REMOVE_BADGE, FAILED_TO_UPDATE_MODERATOR } from '../../../../shared/messages'
import type { AdminUserChange, AdminUserPage, AdminUserSummary } from '../../../../shared/schemas/admin-users'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'

export const USERS_URL = '/api/admin/users-with-badges'

type BadgeChange = { user: AdminUserSummary; badge: BadgeCode }

export function useMemberChanges() {
  const queryClient = useQueryClient()
  const show = (user: AdminUserSummary) => {
    queryClient.setQueriesData<AdminUserPage>({ queryKey: [USERS_URL] }, (page) =>
      page ? { ...page, users: page.users.map((u) => (u.id === user.id ? user : u)) } : page,
    )
  }
  const failed = (title: string) => (error: unknown) => toast({ title, description: messageFromApiError(error), variant: 'destructive' })
  // A list answer already on its way (a search typed just before) would put the member back as they
  // were: it is dropped when a write starts, and the lists are read again once the write is done.
  const lists = { queryKey: [USERS_URL] }
  const around = {
    onMutate: () => queryClient.cancelQueries(lists),
    onSettled: () => queryClient.invalidateQueries(lists),
  }

  const addBadge = useMutation({
    ...around,
    mutationFn: ({ user, badge }: BadgeChange) => apiJson<AdminUserChange>('POST', `/api/admin/users/${user.id}/badges`, { badge }),
    onSuccess: (result, { badge }) => {
      show(result.user)
      toast({ title: BADGE_ADDED, description: badgeAddedDescription(BADGE_LABELS[badge], result.user.username) })
    },
    onError: failed(FAILED_TO_ADD_BADGE),
  })

  const removeBadge = useMutation({
    ...around,
    mutationFn: ({ user, badge }: BadgeChange) => apiJson<AdminUserChange>('DELETE', `/api/admin/users/${user.id}/badges/${encodeURIComponent(badge)}`),
    onSuccess: (result, { badge }) => {
      show(result.user)
      toast({ title: BADGE_REMOVED, description: badgeRemovedDescription(BADGE_LABELS[badge], result.user.username) })
    },
    onError: failed(FAILED_TO_REMOVE_BADGE),
  })

  const setModerator = useMutation({
    ...around,
    mutationFn: ({ user, isModerator }: { user: AdminUserSummary; isModerator: boolean }) =>
      apiJson<AdminUserChange>('PATCH', `/api/admin/users/${user.id}/moderator`, { isModerator }),
    onSuccess: (result) => {
      show(result.user)
      toast({ title: MODERATOR_STATUS_UPDATED, description: moderatorDescription(result.user.username, result.user.isModerator) })
    },
    onError: failed(FAILED_TO_UPDATE_MODERATOR),
  })

  return { addBadge, removeBadge, setModerator }
}

export type MemberChanges = ReturnType<typeof useMemberChanges>
