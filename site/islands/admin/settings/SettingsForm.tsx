import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState, type FormEvent } from 'react'

import { fieldErrors, messageFromApiError } from '../../../../shared/api-error'
import { FAILED_TO_SAVE_SETTINGS, SETTINGS_SAVED, SETTINGS_SAVED_DESCRIPTION } from '../../../../shared/settings-messages'
import {
  DEFAULT_SITE_DESCRIPTION,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  siteSettingsUpdateSchema,
  STORE_URL_MAX,
  type AdminSiteSettings,
  type SiteSettingsUpdate,
} from '../../../../shared/schemas/site-settings'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { serverFieldErrors } from './server-issues'

export const SETTINGS_URL = '/api/admin/settings'

const FIELDS = ['siteName', 'siteDescription', 'merchStoreUrl', 'youtubeHandle', 'supportEmail', 'timeZone'] as const
type FieldName = (typeof FIELDS)[number]
type Values = Record<FieldName, string>

const valuesOf = (settings: AdminSiteSettings): Values => ({
  siteName: settings.siteName,
  siteDescription: settings.siteDescription ?? '',
  merchStoreUrl: settings.merchStoreUrl ?? '',
  youtubeHandle: settings.youtubeHandle ?? '',
  supportEmail: settings.supportEmail ?? '',
  timeZone: settings.timeZone ?? '',
})

/** Every zone this browser knows, for the time zone field's suggestions. */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return []
  }
}

/** The settings form: labelled fields, each error beside its field, a toast when saved. */
export function SettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const prefix = useId()
  const id = (name: FieldName) => `${prefix}-${name}`
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Values>(() => valuesOf(settings))
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const zones = useMemo(knownTimeZones, [])

  const save = useMutation({
    mutationFn: (data: SiteSettingsUpdate) => apiJson<AdminSiteSettings>('PUT', SETTINGS_URL, data),
    onSuccess: (saved) => {
      queryClient.setQueryData([SETTINGS_URL], saved)
      setValues(valuesOf(saved))
      setErrors({})
      toast({ title: SETTINGS_SAVED, description: SETTINGS_SAVED_DESCRIPTION })
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error))
      toast({ title: FAILED_TO_SAVE_SETTINGS, description: messageFromApiError(error), variant: 'destructive' })
    },
  })

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    const result = siteSettingsUpdateSchema.safeParse(values)
    if (!result.success) {
      const next = fieldErrors(result.error) as typeof errors
      setErrors(next)
      document.getElementById(id(FIELDS.find((n) => next[n]) ?? 'siteName'))?.focus()
      return
    }
    // '' clears a setting: sent as null.
    save.mutate(Object.fromEntries(FIELDS.map((name) => [name, result.data[name] ?? null])) as SiteSettingsUpdate)
  }

  const text = (name: FieldName, label: string, props: Parameters<typeof Input>[0] = {}, hint?: string) => (
    <Field id={id(name)} label={label} error={errors[name]} hint={hint}>
      {(a11y) => <Input {...a11y} name={name} value={values[name]} onChange={(e) => change(name, e.target.value)} {...props} />}
    </Field>
  )

  return (
    <form noValidate onSubmit={submit} className="max-w-2xl space-y-5" aria-label="Site settings">
      {text('siteName', 'Site name', { maxLength: SITE_NAME_MAX, required: true, 'aria-required': true }, 'Shown in the header, the footer and page titles.')}
      <Field id={id('siteDescription')} label="Description" labelSuffix="(optional)" error={errors.siteDescription} hint="The footer's description and the pages' default search description. Empty: the text shown here.">
        {(a11y) => (
          <textarea
            {...a11y}
            name="siteDescription"
            rows={3}
            maxLength={SITE_DESCRIPTION_MAX}
            placeholder={DEFAULT_SITE_DESCRIPTION}
            value={values.siteDescription}
            onChange={(e) => change('siteDescription', e.target.value)}
            className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground placeholder:text-muted-foreground aria-invalid:border-destructive"
          />
        )}
      </Field>
      {text(
        'merchStoreUrl',
        'Merch store URL',
        { type: 'url', inputMode: 'url', maxLength: STORE_URL_MAX, placeholder: 'https://store.example.com' },
        'Embedded on /merch and linked from the home page. Leave empty while the store is being set up.',
      )}
      {text('youtubeHandle', 'Default YouTube channel handle', { placeholder: '@yourchannel', autoCapitalize: 'off', spellCheck: false }, 'Prefilled in the YouTube import.')}
      {text('supportEmail', 'Support email', { type: 'email', inputMode: 'email', placeholder: 'support@example.org' }, 'Premium members see it on /premium.')}
      {text(
        'timeZone',
        'Site time zone',
        { list: `${prefix}-zones`, placeholder: 'America/New_York', autoCapitalize: 'off', spellCheck: false },
        `Leaderboard days, weeks and months. Now: ${settings.effectiveTimeZone}. Leave empty for the server's default.`,
      )}
      <datalist id={`${prefix}-zones`}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <div className="flex justify-end">
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}
