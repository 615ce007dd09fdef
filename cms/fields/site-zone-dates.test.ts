import type { CollectionConfig, Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { siteZoneDates, withSiteZoneDates } from './site-zone-dates'

type Components = { Cell?: unknown; Field?: unknown }
const componentsOf = (field: Field | undefined) => ((field as { admin?: { components?: Components } } | undefined)?.admin?.components ?? {}) as Components
const CELL = '/components/SiteZoneDateCell#SiteZoneDateCell'
const FIELD = '/components/SiteZoneDateField#SiteZoneDateField'

describe('withSiteZoneDates', () => {
  const collection: CollectionConfig = {
    slug: 'things',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'publishedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'kept' } },
      { name: 'dateOfBirth', type: 'date', admin: { date: { pickerAppearance: 'dayOnly' } } },
      { name: 'pinned', type: 'date', timezone: true },
      { name: 'own', type: 'date', admin: { components: { Cell: '/elsewhere#Cell', Field: '/elsewhere#Field' } } },
      { type: 'tabs', tabs: [{ label: 'Tab', fields: [{ type: 'row', fields: [{ name: 'deep', type: 'date' }] }] }] },
    ],
  }

  it("gives every moment (nested ones too) the site-zone cell and field, and leaves calendar days, zone-pinned pickers and own components alone", () => {
    const [title, publishedAt, dateOfBirth, pinned, own, tabs] = withSiteZoneDates(collection).fields
    expect(componentsOf(title)).toEqual({})
    expect(componentsOf(publishedAt)).toEqual({ Cell: CELL, Field: FIELD })
    expect((publishedAt as { admin?: { description?: string } }).admin?.description).toBe('kept')
    expect(componentsOf(dateOfBirth)).toEqual({})
    expect(componentsOf(pinned)).toEqual({ Cell: CELL })
    expect(componentsOf(own)).toEqual({ Cell: '/elsewhere#Cell', Field: '/elsewhere#Field' })
    const row = (tabs as { tabs: { fields: { fields: Field[] }[] }[] }).tabs[0]!.fields[0]!
    expect(componentsOf(row.fields[0])).toEqual({ Cell: CELL, Field: FIELD })
    // The original config is not changed.
    expect(componentsOf(collection.fields[1])).toEqual({})
  })

  it("declares Payload's timestamps as Payload would (indexed, hidden), with the site-zone cell, unless the collection has none or its own", () => {
    const fields = withSiteZoneDates(collection).fields
    const stamps = fields.slice(-2) as { name: string; type: string; index?: boolean; admin?: { hidden?: boolean; disableBulkEdit?: boolean; components?: Components } }[]
    expect(stamps.map((f) => [f.name, f.type, f.index, f.admin?.hidden, f.admin?.disableBulkEdit, f.admin?.components?.Cell])).toEqual([
      ['updatedAt', 'date', true, true, true, CELL],
      ['createdAt', 'date', true, true, true, CELL],
    ])
    expect(withSiteZoneDates({ ...collection, timestamps: false }).fields).toHaveLength(collection.fields.length)
    const withOwn = withSiteZoneDates({ ...collection, fields: [...collection.fields, { name: 'createdAt', type: 'date' }] }).fields
    expect(withOwn.filter((f) => 'name' in f && f.name === 'createdAt')).toHaveLength(1)
  })

  it('as a plugin, reaches globals too', async () => {
    const config = await siteZoneDates({ collections: [], globals: [{ slug: 'state', fields: [{ name: 'startedAt', type: 'date' }] }] } as never)
    expect(componentsOf(config.globals?.[0]?.fields[0])).toEqual({ Cell: CELL, Field: FIELD })
  })
})
