import type { CollectionConfig, Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { withYesNoCheckboxCells } from './yes-no-cells'

const cellOf = (field: Field | undefined) => (field as { admin?: { components?: { Cell?: unknown } } } | undefined)?.admin?.components?.Cell

describe('withYesNoCheckboxCells', () => {
  it('gives every checkbox, nested ones too, the Yes/No cell and leaves other fields and own cells alone', () => {
    const collection: CollectionConfig = {
      slug: 'things',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'isFeatured', type: 'checkbox', admin: { description: 'kept' } },
        { name: 'custom', type: 'checkbox', admin: { components: { Cell: '/elsewhere#Cell' } } },
        { type: 'collapsible', label: 'More', fields: [{ type: 'row', fields: [{ name: 'deep', type: 'checkbox' }] }] },
        { type: 'tabs', tabs: [{ label: 'Tab', fields: [{ name: 'inTab', type: 'checkbox' }] }] },
      ],
    }
    const [title, featured, custom, collapsible, tabs] = withYesNoCheckboxCells(collection).fields as never[] as Field[]
    expect(cellOf(title)).toBeUndefined()
    expect(cellOf(featured)).toBe('/components/YesNoCell#YesNoCell')
    expect((featured as { admin?: { description?: string } }).admin?.description).toBe('kept')
    expect(cellOf(custom)).toBe('/elsewhere#Cell')
    const row = (collapsible as { fields: Field[] }).fields[0] as { fields: Field[] }
    expect(cellOf(row.fields[0])).toBe('/components/YesNoCell#YesNoCell')
    expect(cellOf((tabs as { tabs: { fields: Field[] }[] }).tabs[0].fields[0])).toBe('/components/YesNoCell#YesNoCell')
    // The original config is not changed.
    expect(cellOf(collection.fields[1])).toBeUndefined()
  })
})
