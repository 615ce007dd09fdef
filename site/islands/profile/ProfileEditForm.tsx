import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { fieldErrors, messageFromApiError } from '../../../shared/api-error'
import { BIO_MAX, LOCATION_MAX } from '../../../shared/constants'
import { PROFILE_UPDATED, PROFILE_UPDATED_DESCRIPTION } from '../../../shared/member-messages'
import { UPDATE_FAILED } from '../../../shared/messages'
import { profileUpdateSchema, type ProfileUpdateData } from '../../../shared/schemas/profile'
import type { PublicProfile } from '../../../shared/types/members'
import type { PointsAward } from '../../../shared/types/points'
import { apiJson } from '../../lib/api-client'
import { reportAward } from '../../lib/stores/points-store'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Field } from '../ui/Field'
import { Input } from '../ui/Input'
import { cx } from '../ui/styles'

type Values = { bio: string; location: string; website: string }

export interface ProfileEditFormProps {
  profile: PublicProfile
  onSaved: (profile: PublicProfile) => void
  onCancel: () => void
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={cx('mt-1 text-right text-xs tabular-nums', length > max ? 'font-semibold text-destructive dark:text-red-300' : 'text-muted-foreground')}>
      {length}/{max}
    </p>
  )
}

/** The owner's bio / location / website form (SPEC §5 Profile rules, shared schema). */
export function ProfileEditForm({ profile, onSaved, onCancel }: ProfileEditFormProps) {
  const prefix = useId()
  const id = (name: keyof Values) => `${prefix}-${name}`
  const [values, setValues] = useState<Values>({ bio: profile.bio ?? '', location: profile.location ?? '', website: profile.website ?? '' })
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [attempted, setAttempted] = useState(false)

  const save = useMutation({
    mutationFn: (data: ProfileUpdateData) => apiJson<PublicProfile & { award?: PointsAward }>('PUT', '/api/profile', data),
    onSuccess: (updated) => {
      onSaved(updated)
      toast({ title: PROFILE_UPDATED, description: PROFILE_UPDATED_DESCRIPTION })
      reportAward(updated.award, { activityType: 'profile_update' })
    },
    onError: (error) => toast({ title: UPDATE_FAILED, description: messageFromApiError(error), variant: 'destructive' }),
  })

  const check = (next: Values) => {
    const result = profileUpdateSchema.safeParse(next)
    return { result, errors: result.success ? {} : (fieldErrors(result.error) as typeof errors) }
  }
  const change = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value }
    setValues(next)
    if (attempted) setErrors(check(next).errors)
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    setAttempted(true)
    const { result, errors: next } = check(values)
    setErrors(next)
    if (result.success) save.mutate(result.data)
    else document.getElementById(id((['bio', 'location', 'website'] as const).find((n) => next[n]) ?? 'bio'))?.focus()
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Edit profile">
      <Field id={id('bio')} label="Bio" error={errors.bio}>
        {(a11y) => (
          <div>
            <textarea
              {...a11y}
              aria-describedby={cx(a11y['aria-describedby'] ?? '', `${id('bio')}-count`)}
              rows={4}
              value={values.bio}
              placeholder="Tell the community a little about yourself"
              onChange={(e) => change('bio', e.target.value)}
              className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground placeholder:text-muted-foreground aria-invalid:border-destructive"
            />
            <Counter id={`${id('bio')}-count`} length={values.bio.length} max={BIO_MAX} />
          </div>
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('location')} label="Location" error={errors.location}>
          {(a11y) => (
            <div>
              <Input {...a11y} aria-describedby={cx(a11y['aria-describedby'] ?? '', `${id('location')}-count`)} value={values.location} autoComplete="address-level2" placeholder="City, Country" onChange={(e) => change('location', e.target.value)} />
              <Counter id={`${id('location')}-count`} length={values.location.length} max={LOCATION_MAX} />
            </div>
          )}
        </Field>
        <Field id={id('website')} label="Website" error={errors.website}>
          {(a11y) => (
            <Input {...a11y} type="url" inputMode="url" value={values.website} autoComplete="url" placeholder="https://example.org" onChange={(e) => change('website', e.target.value)} />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>Cancel</Button>
        <Button type="submit" aria-disabled={save.isPending || undefined}>{save.isPending ? 'Saving...' : 'Save Profile'}</Button>
      </div>
    </form>
  )
}
