'use client'
// Word count and reading time beside the editor, following the body as the creator types, by the
// same rule the server derives the post's read time with (cms/services/posts/reading.ts).
import { useFormFields } from '@payloadcms/ui'
import { useMemo } from 'react'

import type { Post } from '../payload-types'
import { formatReadingStats, readingStats } from '../services/posts/reading'

export function ReadingStats() {
  const content = useFormFields(([fields]) => fields.content?.value) as Post['content'] | undefined
  const summary = useMemo(() => formatReadingStats(readingStats(content)), [content])
  return (
    <div className="field-type reading-stats" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label" id="reading-stats-label">
        Length
      </span>
      <p role="status" aria-live="polite" aria-labelledby="reading-stats-label" data-testid="reading-stats" style={{ margin: 0 }}>
        {summary}
      </p>
    </div>
  )
}
