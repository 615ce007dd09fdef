'use client'
import type { DefaultCellComponentProps } from 'payload'

/** A checkbox column in a /cms list reads Yes or No (Payload's own cell prints `true`/`false`). */
export function YesNoCell({ cellData }: DefaultCellComponentProps) {
  return <span>{cellData === true ? 'Yes' : 'No'}</span>
}
