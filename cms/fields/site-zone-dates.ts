import type { CollectionConfig, DateField, Field, Plugin } from 'payload'

const SITE_ZONE_DATE_CELL = '/components/SiteZoneDateCell#SiteZoneDateCell'
const SITE_ZONE_DATE_FIELD = '/components/SiteZoneDateField#SiteZoneDateField'

/** Calendar days (a date of birth: dayOnly, stored at noon UTC) keep Payload's cell and field: they are no moment on a clock. */
const isCalendarDay = (field: DateField) => field.admin?.date?.pickerAppearance === 'dayOnly'

/**
 * A moment's list cell and edit field on the site's time zone, unless the field has its own. Fields
 * pinned to a zone of their own (`timezone`: a `<name>_tz` column) keep Payload's field, which names
 * and follows that zone.
 */
function onSiteZone(field: Field): Field {
  if (field.type === 'date') {
    if (isCalendarDay(field)) return field
    const components = field.admin?.components
    const Cell = components?.Cell ?? SITE_ZONE_DATE_CELL
    const Input = components?.Field ?? (field.timezone ? undefined : SITE_ZONE_DATE_FIELD)
    return { ...field, admin: { ...field.admin, components: { ...components, Cell, ...(Input ? { Field: Input } : {}) } } }
  }
  if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(onSiteZone) })) }
  if ('fields' in field && Array.isArray(field.fields)) return { ...field, fields: field.fields.map(onSiteZone) } as Field
  if (field.type === 'blocks') return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: block.fields.map(onSiteZone) })) }
  return field
}

/**
 * Payload's own timestamps, declared as Payload adds them (collections/config/sanitize: same name,
 * type, index, label and admin options, so neither the schema nor the generated types change), to
 * give them the site-zone cell too. Only those the collection does not declare itself.
 */
function timestamps(collection: CollectionConfig): Field[] {
  if (collection.timestamps === false) return []
  const declared = new Set(collection.fields.map((field) => ('name' in field ? field.name : undefined)))
  return (['updatedAt', 'createdAt'] as const)
    .filter((name) => !declared.has(name))
    .map((name) => ({
      name,
      type: 'date',
      index: true,
      label: name === 'updatedAt' ? ({ t }) => t('general:updatedAt') : ({ t }) => t('general:createdAt'),
      admin: { disableBulkEdit: true, hidden: true, components: { Cell: SITE_ZONE_DATE_CELL } },
    }))
}

/**
 * Every date column in a /cms list (the timestamps too) reads on the site's time zone, not the
 * admin's browser's (payload.config.ts applies it to all collections).
 */
export const withSiteZoneDates = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: [...collection.fields.map(onSiteZone), ...timestamps(collection)],
})

/** As a plugin, last in payload.config.ts: it reaches the fields other plugins add and keeps the field order; globals' date fields too. */
export const siteZoneDates: Plugin = (config) => ({
  ...config,
  collections: config.collections?.map(withSiteZoneDates),
  globals: config.globals?.map((global) => ({ ...global, fields: global.fields.map(onSiteZone) })),
})
