import type { DateFieldClient, DefaultServerCellComponentProps } from 'payload'

import { DefaultCell } from '@payloadcms/ui'

import { siteTimeZone } from '../services/settings/time-zone'

/**
 * A date column in a /cms list, on the site's time zone (the setting, read on the server at each
 * render, so a change of zone shows without a restart) rather than the admin's browser's. Payload's
 * own cell does the formatting and the link: it formats a date in the zone found beside it
 * (`<name>_tz`) when the field has `timezone`, so the cell is handed the site's zone that way.
 * Only what the browser needs crosses to it: not the whole document, not the server field.
 */
export function SiteZoneDateCell(props: DefaultServerCellComponentProps) {
  const { cellData, className, collectionSlug, customCellProps, field, link, linkURL, rowData, viewType } = props
  const name = 'name' in field ? field.name : 'date'
  const displayFormat = field.type === 'date' ? field.admin?.date?.displayFormat : undefined
  const admin = (displayFormat ? { date: { displayFormat } } : {}) as DateFieldClient['admin']
  const clientField: DateFieldClient = { name, type: 'date', timezone: true, admin }
  return (
    <DefaultCell
      cellData={cellData}
      className={className}
      collectionSlug={collectionSlug}
      customCellProps={customCellProps}
      field={clientField}
      link={link}
      linkURL={linkURL}
      rowData={{ id: rowData.id, [`${name}_tz`]: siteTimeZone() }}
      viewType={viewType}
    />
  )
}
