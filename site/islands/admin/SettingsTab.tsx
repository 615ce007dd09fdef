// /admin/settings: the site settings (site-settings global) as a form; a save shows on the site at
// once (the header and footer, /merch, the home page's merch cards, the YouTube import's default).
import { useQuery } from '@tanstack/react-query'

import { messageFromApiError } from '../../../shared/api-error'
import type { AdminSiteSettings } from '../../../shared/schemas/site-settings'
import { FAILED_TO_LOAD_SETTINGS } from '../../../shared/settings-messages'
import { withQueryClient } from '../../lib/query-client'
import { Spinner } from '../ui/Spinner'
import { SETTINGS_URL, SettingsForm } from './settings/SettingsForm'

function SettingsTab() {
  const query = useQuery<AdminSiteSettings>({ queryKey: [SETTINGS_URL] })
  return (
    <section aria-labelledby="settings-heading" className="space-y-5">
      <div>
        <h2 id="settings-heading" className="text-2xl font-bold">
          Site settings
        </h2>
        <p className="text-sm text-muted-foreground">The site's name and description, the merch store, the YouTube channel, support and time zone.</p>
      </div>
      {query.data ? (
        // Keyed by the loaded settings: the form starts from them.
        <SettingsForm settings={query.data} />
      ) : query.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-300">
          {FAILED_TO_LOAD_SETTINGS}: {messageFromApiError(query.error)}
        </p>
      ) : (
        <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading settings…
        </p>
      )}
    </section>
  )
}

export default withQueryClient(SettingsTab)
