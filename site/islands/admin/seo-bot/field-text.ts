// A search field's value as text the creator reads and edits, and back: lists comma-separated,
// key moments one 'm:ss name' a line. The server checks the edited value with the field's own rule.
import type { SeoFieldName, SeoFields } from '../../../../shared/seo-bot'
import type { KeyMoment } from '../../../../shared/types/content'

export function fieldText(value: SeoFields[SeoFieldName] | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (value.length === 0) return ''
  if (typeof value[0] === 'string') return (value as string[]).join(', ')
  return (value as KeyMoment[]).map((m) => `${m.timestamp} ${m.description}`).join('\n')
}

export function parseFieldText(name: SeoFieldName, text: string): unknown {
  if (name === 'keywords' || name === 'tags') {
    return text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
  }
  if (name === 'keyMoments') {
    return text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [timestamp = '', ...rest] = line.split(/\s+/)
        return { timestamp, description: rest.join(' ') }
      })
  }
  return text.trim()
}

/** Fields edited in a text area rather than a one-line box. */
export const MULTILINE: ReadonlySet<SeoFieldName> = new Set(['seoDescription', 'callToAction', 'timestampedSummary', 'keyMoments', 'targetAudience'])
