'use client'
import type { DefaultCellComponentProps } from 'payload'

import { formatDuration, parseIsoDuration } from '../../shared/format'

/** A video's duration in the /cms list as m:ss (h:mm:ss past an hour), not the stored PT12M34S. */
export function DurationCell({ cellData }: DefaultCellComponentProps) {
  if (typeof cellData !== 'string' || !cellData) return null
  return <span>{parseIsoDuration(cellData) === null ? cellData : formatDuration(cellData)}</span>
}
