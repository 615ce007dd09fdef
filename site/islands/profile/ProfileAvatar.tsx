import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { THUMBNAIL_MAX_BYTES } from '../../../shared/constants'
import { PICTURE_NOT_IMAGE, PICTURE_TOO_LARGE, PICTURE_UPDATED } from '../../../shared/member-messages'
import { PICTURE_UPLOAD_FAILED, UPLOAD_FAILED } from '../../../shared/messages'
import type { PublicProfile } from '../../../shared/types/members'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Spinner } from '../ui/Spinner'
import { GeneratedAvatar } from './GeneratedAvatar'

export interface ProfileAvatarProps {
  profile: PublicProfile
  /** The owner gets a 'Change Photo' control. */
  editable?: boolean
  onUploaded?: (profile: PublicProfile) => void
}

const failed = (description: string) => toast({ title: PICTURE_UPLOAD_FAILED, description, variant: 'destructive' })

/** The profile picture (or the generated avatar) and, for the owner, the upload control. */
export function ProfileAvatar({ profile, editable = false, onUploaded }: ProfileAvatarProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('profilePicture', file)
      return apiJson<PublicProfile>('POST', '/api/profile/picture', form)
    },
    onSuccess: (updated) => {
      onUploaded?.(updated)
      toast({ title: PICTURE_UPDATED })
    },
    onError: (error) => failed(messageFromApiError(error) || UPLOAD_FAILED),
  })

  function onFile(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = ''
    if (!file) return
    // Quick checks for a quick answer; the server decides by the bytes themselves.
    if (file.type && !file.type.startsWith('image/')) return failed(PICTURE_NOT_IMAGE)
    if (file.size > THUMBNAIL_MAX_BYTES) return failed(PICTURE_TOO_LARGE)
    upload.mutate(file)
  }

  const frame = 'h-28 w-28 overflow-hidden rounded-full border-4 border-card shadow-md ring-1 ring-border sm:h-32 sm:w-32'
  return (
    <div className="flex shrink-0 flex-col items-center gap-3">
      <div className="relative" aria-busy={upload.isPending || undefined}>
        {profile.profilePicture ? (
          <img src={profile.profilePicture} alt={`${profile.username}'s profile picture`} width={128} height={128} className={`${frame} bg-muted object-cover`} />
        ) : (
          <GeneratedAvatar username={profile.username} className={frame} />
        )}
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-overlay text-white">
            <Spinner className="h-8 w-8" />
            <span className="sr-only">Uploading picture…</span>
          </span>
        ) : null}
      </div>
      {editable ? (
        <>
          <input
            ref={inputRef}
            type="file"
            accept="image/*"
            name="profilePicture"
            aria-label="Profile picture"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            aria-disabled={upload.isPending || undefined}
            className="inline-flex h-9 items-center gap-2 rounded-md border border-input px-3 text-sm font-semibold hover:bg-muted aria-disabled:opacity-60"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
            {upload.isPending ? 'Uploading...' : 'Change Photo'}
          </button>
        </>
      ) : null}
    </div>
  )
}
