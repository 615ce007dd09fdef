import type { CollectionConfig, Field } from 'payload'

const YES_NO_CELL = '/components/YesNoCell#YesNoCell'

/** Gives every checkbox field (nested ones too) the Yes/No list cell, unless it has a cell of its own. */
function withYesNoCell(field: Field): Field {
  if (field.type === 'checkbox') {
    if (field.admin?.components?.Cell) return field
    return { ...field, admin: { ...field.admin, components: { ...field.admin?.components, Cell: YES_NO_CELL } } }
  }
  if (field.type === 'tabs') return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(withYesNoCell) })) }
  if ('fields' in field && Array.isArray(field.fields)) return { ...field, fields: field.fields.map(withYesNoCell) } as Field
  if (field.type === 'blocks') return { ...field, blocks: field.blocks.map((block) => ({ ...block, fields: block.fields.map(withYesNoCell) })) }
  return field
}

/** /cms lists show Yes/No for checkbox columns across collections (payload.config.ts applies it to all). */
export const withYesNoCheckboxCells = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: collection.fields.map(withYesNoCell),
})
