// /admin/badges (SPEC §2 Badges): members searched and paged, each with their badges (remove the
// hand-given ones), an add-badge select and the moderator switch. A table on wide screens, cards
// on a phone.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'

import { messageFromApiError } from '../../../shared/api-error'
import { NO_MEMBERS_MATCH, NO_MEMBERS_YET } from '../../../shared/badge-messages'
import { FAILED_TO_FETCH_BADGE_USERS } from '../../../shared/messages'
import { ADMIN_USER_SEARCH_MAX, ADMIN_USERS_PAGE_SIZE, type AdminUserPage, type AdminUserSummary } from '../../../shared/schemas/admin-users'
import { withQueryClient } from '../../lib/query-client'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Input } from '../ui/Input'
import { Spinner } from '../ui/Spinner'
import { CARD_CLASS, cx } from '../ui/styles'
import { AddBadgeControl } from './badges/AddBadgeControl'
import { MemberBadgeChips } from './badges/MemberBadgeChips'
import { ModeratorSwitch } from './badges/ModeratorSwitch'
import { useDebouncedValue } from './badges/use-debounced-value'
import { useMemberChanges, USERS_URL, type MemberChanges } from './badges/use-member-changes'

const SEARCH_DELAY_MS = 300

function Identity({ user }: { user: AdminUserSummary }) {
  return (
    <div className="min-w-0">
      <a href={`/profile/${user.id}`} className="font-semibold break-all">
        {user.username}
      </a>
      <p className="text-sm text-muted-foreground">
        {user.memberNumber ? `#${user.memberNumber}` : 'No member number'}
        {user.isAdmin ? ' · Admin' : ''}
        {user.isPremium ? ' · Premium' : ''}
      </p>
      {user.email ? <p className="text-sm break-all text-muted-foreground">{user.email}</p> : null}
    </div>
  )
}

/** Whether a write for this member is on its way (its controls wait for the answer). */
const busyFor = (changes: MemberChanges, user: AdminUserSummary) =>
  [changes.addBadge, changes.removeBadge, changes.setModerator].some((m) => m.isPending && m.variables?.user.id === user.id)

function controlsFor(user: AdminUserSummary, changes: MemberChanges) {
  const busy = busyFor(changes, user)
  return {
    badges: <MemberBadgeChips user={user} busy={busy} onRemove={(badge) => changes.removeBadge.mutate({ user, badge })} />,
    add: <AddBadgeControl user={user} busy={busy} onAdd={(badge) => changes.addBadge.mutate({ user, badge })} />,
    moderator: <ModeratorSwitch user={user} busy={busy} onChange={(isModerator) => changes.setModerator.mutate({ user, isModerator })} />,
  }
}

function MemberRow({ user, changes }: { user: AdminUserSummary; changes: MemberChanges }) {
  const c = controlsFor(user, changes)
  return (
    <tr className="border-t border-border align-top" data-testid={`badge-row-${user.id}`}>
      <td className="px-3 py-3">
        <Identity user={user} />
      </td>
      <td className="px-3 py-3">{c.badges}</td>
      <td className="px-3 py-3">{c.add}</td>
      <td className="px-3 py-3">{c.moderator}</td>
    </tr>
  )
}

function MemberCard({ user, changes }: { user: AdminUserSummary; changes: MemberChanges }) {
  const c = controlsFor(user, changes)
  return (
    <li className={cx(CARD_CLASS, 'space-y-3 p-4')} data-testid={`badge-card-${user.id}`}>
      <Identity user={user} />
      {c.badges}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {c.add}
        {c.moderator}
      </div>
    </li>
  )
}

function BadgesTab() {
  const searchId = useId()
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS)
  // The page belongs to the search it was chosen for: a new search starts on its first page.
  const [paging, setPaging] = useState({ search, page: 1 })
  const page = paging.search === search ? paging.page : 1
  const setPage = (next: number) => setPaging({ search, page: next })
  const changes = useMemberChanges()

  const query = useQuery<AdminUserPage>({
    queryKey: [USERS_URL, { search: search || undefined, page, limit: ADMIN_USERS_PAGE_SIZE }],
    placeholderData: keepPreviousData,
  })
  useEffect(() => {
    if (query.error) toast({ title: FAILED_TO_FETCH_BADGE_USERS, description: messageFromApiError(query.error), variant: 'destructive' })
  }, [query.error])

  const data = query.data
  const users = data?.users ?? []
  const totalPages = data?.totalPages ?? 1

  return (
    <section aria-labelledby="badges-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="badges-heading" className="text-2xl font-bold">
            Badges and moderators
          </h2>
          <p className="text-sm text-muted-foreground">Give Contributor and Verified badges by hand; member-number, Premium and moderator badges follow the account.</p>
        </div>
        <div className="w-full max-w-sm">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold">
            Search members
          </label>
          <Input
            id={searchId}
            type="search"
            value={searchText}
            maxLength={ADMIN_USER_SEARCH_MAX}
            placeholder="Username, email or #number"
            aria-describedby={`${searchId}-hint`}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <p id={`${searchId}-hint`} className="mt-1 text-xs text-muted-foreground">
            Matches the start of a username or email, or a member number.
          </p>
        </div>
      </div>

      <div aria-live="polite" className="text-sm text-muted-foreground" data-testid="badges-summary">
        {query.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner /> Loading members…
          </span>
        ) : data ? (
          `${data.totalDocs.toLocaleString('en-US')} ${data.totalDocs === 1 ? 'member' : 'members'} · page ${data.page} of ${data.totalPages}`
        ) : null}
      </div>

      {query.error && !data ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-300">
          {FAILED_TO_FETCH_BADGE_USERS}
        </p>
      ) : data && users.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">{search ? NO_MEMBERS_MATCH : NO_MEMBERS_YET}</p>
      ) : data ? (
        <div aria-busy={query.isFetching || undefined}>
          <div className={cx(CARD_CLASS, 'hidden overflow-x-auto md:block')}>
            <table className="w-full text-left">
              <caption className="sr-only">Members, their badges and moderator status</caption>
              <thead className="bg-muted/60 text-sm">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Member</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Badges</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Add badge</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Moderator</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <MemberRow key={user.id} user={user} changes={changes} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Members">
            {users.map((user) => (
              <MemberCard key={user.id} user={user} changes={changes} />
            ))}
          </ul>
        </div>
      ) : null}

      {data && totalPages > 1 ? (
        <nav aria-label="Members pages" className="flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" aria-disabled={page <= 1 || undefined} onClick={() => page > 1 && setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {data.page} of {totalPages}
          </span>
          <Button variant="outline" size="sm" aria-disabled={page >= totalPages || undefined} onClick={() => page < totalPages && setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  )
}

export default withQueryClient(BadgesTab)
