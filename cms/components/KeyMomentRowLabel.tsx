'use client'
import { useRowLabel } from '@payloadcms/ui'

/** A key moment's row in /cms reads '1:23 — Description' (or 'Key moment 3' while empty). */
export function KeyMomentRowLabel() {
  const { data, rowNumber } = useRowLabel<{ timestamp?: string; description?: string }>()
  const parts = [data?.timestamp?.trim(), data?.description?.trim()].filter(Boolean)
  return <span>{parts.length ? parts.join(' — ') : `Key moment ${(rowNumber ?? 0) + 1}`}</span>
}
