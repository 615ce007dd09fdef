import type { CollectionConfig, FieldAccess } from 'payload'

import {
  LIVE_STREAM_STATUSES,
  STREAM_DEFAULTS,
  STREAM_DESCRIPTION_MAX,
  STREAM_ENCODERS,
  STREAM_FRAME_RATES,
  STREAM_PLATFORMS,
  STREAM_RESOLUTIONS,
  STREAM_TITLE_MAX,
  liveHlsPlaylistPath,
} from '../../shared/constants'
import { authenticated, isAdmin, isAdminField } from '../access'
import { publishStatusChange } from '../services/live/events'
import { queueReplayWhenEnded } from '../services/live/replay-hooks'
import { enforceStatusMoves } from '../services/live/status'
import { newStreamKey } from '../services/live/stream-key'
import { rtmpServerUrl } from '../services/live/urls'

/** The stream key and the ingest's own bookkeeping: admins only, through every door. */
const adminOnly: { read: FieldAccess; create: FieldAccess; update: FieldAccess } = { read: isAdminField, create: isAdminField, update: isAdminField }

/**
 * A live stream (spec §3): scheduled, then live, then ended (spec §4; any other move is a 409,
 * cms/services/live/status.ts). Members read streams; only admins write them, and only admins
 * ever read a stream's key. Terms: cms/services/live/README.md.
 */
export const LiveStreams: CollectionConfig = {
  slug: 'live-streams',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'status', 'platform', 'scheduledStart', 'isPremiumOnly'], group: 'Content' },
  access: { read: authenticated, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-scheduledStart',
  hooks: {
    beforeChange: [enforceStatusMoves],
    // Viewers hear of a status change once it commits (cms/services/live/events.ts); an ended OBS
    // stream's recording becomes its replay video (cms/services/live/replay.ts).
    afterChange: [publishStatusChange, queueReplayWhenEnded],
    // What hangs off a stream goes with it, in the same transaction (their columns are NOT NULL).
    beforeDelete: [
      async ({ req, id }) => {
        for (const collection of ['live-chat-messages', 'live-chat-mutes', 'live-stream-viewers'] as const) {
          await req.payload.delete({ collection, where: { stream: { equals: id } }, req, overrideAccess: true })
        }
      },
    ],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: STREAM_TITLE_MAX },
    { name: 'description', type: 'textarea', maxLength: STREAM_DESCRIPTION_MAX },
    { name: 'scheduledStart', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'actualStart', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'actualEnd', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'streamUrl',
      type: 'text',
      maxLength: 2048,
      admin: { description: 'YouTube or StreamYard: the embed address. OBS streams play from this site (filled in for you).' },
      hooks: {
        // An OBS stream plays the site's own HLS playlist for it.
        afterRead: [({ value, siblingData }) => (siblingData?.platform === 'obs' && siblingData?.id ? liveHlsPlaylistPath(siblingData.id) : value)],
      },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'scheduled',
      index: true,
      options: LIVE_STREAM_STATUSES.map((value) => ({ label: value, value })),
    },
    { name: 'isPremiumOnly', type: 'checkbox', defaultValue: STREAM_DEFAULTS.isPremiumOnly, label: 'Premium only' },
    {
      name: 'platform',
      type: 'select',
      required: true,
      defaultValue: STREAM_DEFAULTS.platform,
      options: STREAM_PLATFORMS.map((value) => ({ label: value, value })),
    },
    { name: 'thumbnailUrl', type: 'text', maxLength: 2048 },
    { name: 'viewerCount', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true } },
    { name: 'maxViewers', type: 'number', defaultValue: 0, min: 0, admin: { readOnly: true } },
    {
      name: 'streamKey',
      type: 'text',
      unique: true,
      maxLength: 64,
      access: adminOnly,
      admin: { readOnly: true, description: 'Secret: paste it into OBS as the stream key. Regenerate it from /admin → Live if it leaks.' },
      hooks: { beforeChange: [({ value, operation }) => (operation === 'create' && !value ? newStreamKey() : value)] },
    },
    {
      name: 'rtmpUrl',
      type: 'text',
      virtual: true,
      access: { read: isAdminField },
      admin: { readOnly: true, description: 'The server URL to paste into OBS.' },
      hooks: { afterRead: [({ siblingData }) => (siblingData?.platform === 'obs' ? rtmpServerUrl() : null)] },
    },
    {
      name: 'obsSettings',
      type: 'group',
      fields: [
        {
          name: 'resolution',
          type: 'select',
          defaultValue: STREAM_DEFAULTS.resolution,
          options: STREAM_RESOLUTIONS.map((r) => ({ label: `${r.label} (${r.value})`, value: r.value })),
        },
        { name: 'bitrate', type: 'number', defaultValue: STREAM_DEFAULTS.bitrateKbps, min: 500, max: 20_000, admin: { description: 'kbps' } },
        {
          name: 'frameRate',
          type: 'select',
          defaultValue: String(STREAM_DEFAULTS.frameRate),
          options: STREAM_FRAME_RATES.map((rate) => ({ label: `${rate} fps`, value: String(rate) })),
        },
        { name: 'encoder', type: 'select', defaultValue: STREAM_DEFAULTS.encoder, options: STREAM_ENCODERS.map((value) => ({ label: value, value })) },
      ],
    },
    {
      name: 'keepReplay',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'When the stream ends, its recording becomes a premium, uncut video on the site.' },
    },
    {
      name: 'replayStatus',
      type: 'select',
      defaultValue: 'none',
      access: adminOnly,
      options: ['none', 'pending', 'ready', 'failed', 'off'].map((value) => ({ label: value, value })),
      admin: { readOnly: true },
    },
    { name: 'replayVideo', type: 'relationship', relationTo: 'videos', admin: { readOnly: true } },
    // The ingest's bookkeeping (cms/services/live/ingest): whether OBS is connected now, and when
    // the last publish ended (the grace period runs from it).
    { name: 'publishing', type: 'checkbox', defaultValue: false, access: adminOnly, admin: { readOnly: true } },
    { name: 'lastPublishEndedAt', type: 'date', access: adminOnly, admin: { readOnly: true } },
  ],
}
