import { useState } from 'react'
import { formatDate } from '../../../shared/format'
import type { PublicProfile } from '../../../shared/types/members'
import { withQueryClient } from '../../lib/query-client'
import MemberBadges from '../MemberBadges'
import { Button } from '../ui/Button'
import { CARD_CLASS, cx } from '../ui/styles'
import { ProfileAvatar } from './ProfileAvatar'
import { ProfileEditForm } from './ProfileEditForm'

export interface ProfileCardProps {
  profile: PublicProfile
  /** The signed-in member is looking at their own profile: editing controls (hydrate only then). */
  isOwner: boolean
}

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
)
const PIN = 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z'
const LINK = 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'
const CALENDAR = 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4'

/** Shown text of a website: no scheme, no trailing slash. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '')

/** A member's public profile (SPEC §2 /profile): picture, identity, badges, about, owner editing. */
function ProfileCard({ profile: initial, isOwner }: ProfileCardProps) {
  const [profile, setProfile] = useState(initial)
  const [editing, setEditing] = useState(false)

  return (
    <article className={cx(CARD_CLASS, 'overflow-hidden')} aria-labelledby="profile-name">
      <div className="h-24 bg-linear-to-r from-primary to-accent sm:h-28" aria-hidden="true" />
      <div className="px-5 pb-6 sm:px-8 sm:pb-8">
        {/* The avatar overlaps the banner; on wide screens the name starts just below the banner. */}
        <div className="-mt-14 flex flex-col items-center gap-4 sm:-mt-16 sm:flex-row sm:items-start sm:gap-6">
          <ProfileAvatar profile={profile} editable={isOwner} onUploaded={setProfile} />
          <div className="min-w-0 flex-1 text-center sm:pt-20 sm:text-left">
            <h1 id="profile-name" className="text-3xl font-bold break-words sm:text-4xl">{profile.username}</h1>
            {profile.memberNumber ? <p className="mt-1 text-muted-foreground">{`Member #${profile.memberNumber}`}</p> : null}
            <MemberBadges
              badges={profile.badges}
              // The 'member' badge is shown as '#N'.
              memberNumber={profile.badges.includes('member') ? profile.memberNumber : null}
              showAllTiers
              size="md"
              label={`${profile.username}'s badges`}
              className="mt-4 justify-center sm:justify-start"
            />
          </div>
          {isOwner && !editing ? (
            <Button variant="outline" className="sm:mt-20" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          ) : null}
        </div>

        <div className="mt-6 border-t border-border pt-6">
          {editing ? (
            <ProfileEditForm
              profile={profile}
              onCancel={() => setEditing(false)}
              onSaved={(updated) => {
                setProfile(updated)
                setEditing(false)
              }}
            />
          ) : (
            <>
              <h2 className="text-lg font-bold">About</h2>
              {profile.bio ? (
                <p className="mt-2 break-words whitespace-pre-line">{profile.bio}</p>
              ) : (
                <p className="mt-2 text-muted-foreground">
                  {isOwner ? 'Add a short bio so the community can get to know you.' : `${profile.username} hasn't written a bio yet.`}
                </p>
              )}
              <ul className="mt-4 space-y-2 text-sm text-muted-foreground" aria-label="Details">
                {profile.location ? (
                  <li className="flex gap-2">
                    {icon(PIN)}
                    <span className="break-words"><span className="sr-only">Location: </span>{profile.location}</span>
                  </li>
                ) : null}
                {profile.website ? (
                  <li className="flex min-w-0 gap-2">
                    {icon(LINK)}
                    <a href={profile.website} rel="nofollow ugc noopener" target="_blank" className="min-w-0 break-all text-primary">
                      {displayUrl(profile.website)}
                    </a>
                  </li>
                ) : null}
                <li className="flex gap-2">
                  {icon(CALENDAR)}
                  <span>
                    Joined <time dateTime={profile.createdAt}>{formatDate(profile.createdAt)}</time>
                  </span>
                </li>
              </ul>
            </>
          )}
        </div>
      </div>
    </article>
  )
}

export default withQueryClient(ProfileCard)
