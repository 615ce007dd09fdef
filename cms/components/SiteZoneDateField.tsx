import type { DateFieldServerComponent } from 'payload'

import { siteTimeZone } from '../services/settings/time-zone'
import { SiteZoneDatePicker } from './SiteZoneDatePicker'

/**
 * A date field in a /cms edit view, picked and shown on the site's time zone (the setting, read on
 * the server when the form is rendered: a change of zone shows without a restart). Only the client
 * field, path and read-only flag cross to the browser.
 */
export const SiteZoneDateField: DateFieldServerComponent = ({ clientField, path, readOnly }) => (
  <SiteZoneDatePicker field={clientField} path={path} readOnly={readOnly} timeZone={siteTimeZone()} />
)
