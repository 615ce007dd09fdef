'use client'
import type { DefaultCellComponentProps } from 'payload'

/** A category's colour in the /cms list: its swatch beside the hex string. */
export function ColorSwatchCell({ cellData }: DefaultCellComponentProps) {
  if (typeof cellData !== 'string' || !cellData) return null
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span aria-hidden="true" style={{ width: 16, height: 16, borderRadius: '50%', backgroundColor: cellData, border: '1px solid var(--theme-elevation-150)' }} />
      <span>{cellData}</span>
    </span>
  )
}
