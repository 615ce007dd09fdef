import type { ArrayField, TextFieldSingleValidation } from 'payload'
import { text } from 'payload/shared'

import { KEY_MOMENT_DESCRIPTION_MAX, keyMomentTimestampError } from '../../shared/key-moments'

type VideoData = { duration?: string | null; keyMoments?: { timestamp?: unknown }[] | null }

/**
 * A row's time: m:ss or h:mm:ss, before the video's end (its `duration`), after the row above.
 * Runs on the server for every write (REST and Local API, 400 when it fails) and for the /cms
 * form, which marks the row to fix. `data` is the whole document as it will be saved.
 */
const validateTimestamp: TextFieldSingleValidation = (value, options) => {
  const basic = text(value, options)
  if (basic !== true) return basic
  const data = options.data as VideoData
  const rows = Array.isArray(data?.keyMoments) ? data.keyMoments : []
  // The row's index is in the path: [...'keyMoments', index, 'timestamp'].
  const index = Number(options.path[options.path.length - 2])
  if (!Number.isInteger(index) || !rows[index]) return true
  // The row as validated (the form's copy may lag a keystroke behind the value).
  const current = rows.map((row, i) => (i === index ? { ...row, timestamp: value } : row))
  return keyMomentTimestampError(current, index, data.duration) ?? true
}

/** The chapters of a video (SPEC §3: keyMoments, each `{ timestamp, description }`). */
export const keyMomentsField: ArrayField = {
  name: 'keyMoments',
  type: 'array',
  labels: { singular: 'Key moment', plural: 'Key moments' },
  admin: {
    description: 'Chapters shown on the video page and to search engines, in time order: the time as m:ss or h:mm:ss (e.g. 1:23 or 1:02:03), before the end of the video.',
    components: { RowLabel: '/components/KeyMomentRowLabel#KeyMomentRowLabel' },
  },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'timestamp',
          label: 'Time',
          type: 'text',
          required: true,
          maxLength: 12,
          validate: validateTimestamp,
          admin: { width: '25%', placeholder: '1:23', className: 'key-moment-time' },
        },
        { name: 'description', type: 'text', required: true, maxLength: KEY_MOMENT_DESCRIPTION_MAX, admin: { width: '75%' } },
      ],
    },
  ],
}
