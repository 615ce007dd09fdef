import type { CollectionConfig, FieldAccess } from 'payload'

import { isAdmin, onSiteOrAdmin } from '../access'
import { requestUser } from '../access/roles'
import { earlyAccessField } from '../fields/early-access'
import { keyMomentsField } from '../fields/key-moments'
import { canOpen, opensEverything, type GateItem } from '../services/premium-gate'
import { syncReplayStatus } from '../services/live/replay-hooks'
import { videoTagsInVocabulary } from '../services/recommendations/vocabulary'
import { deleteVideoComments, removeUploadedVideoFiles } from '../services/video-upload/hooks'
import { TRANSCODE_STATUS_LABELS, TRANSCODE_STATUSES } from '../../shared/video-upload'
import { VIDEO_VISIBILITIES, VIDEO_VISIBILITY_LABELS } from '../../shared/video-visibility'

/**
 * The playable file goes only to those the premium gate lets open the video (premium, uncut and
 * early-access videos: Premium members and admins). Without a document (filtering or sorting on
 * the field) only those who open everything may use it: a `where` on videoUrl would otherwise
 * reveal locked files' paths one guess at a time.
 */
const playableSourceAccess: FieldAccess = ({ req, doc }) => {
  const user = requestUser(req)
  if (opensEverything(user)) return true
  const item = doc as GateItem | undefined
  // A document read without its gate flags (forceSelect carries them; this is the fallback) is treated as locked.
  if (!item || item.isPremium === undefined || item.isUncut === undefined) return false
  return canOpen(user, item)
}

export const Videos: CollectionConfig = {
  slug: 'videos',
  admin: {
    useAsTitle: 'title',
    // An upload's transcode state and, when it failed, why: such a video is on the site for nobody until it plays.
    defaultColumns: ['title', 'source', 'visibility', 'transcodeStatus', 'transcodeError', 'publishedAt', 'duration', 'viewCount', 'isPremium'],
    listSearchableFields: ['title', 'videoId'],
    group: 'Content',
  },
  access: { read: onSiteOrAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-publishedAt',
  // Uploads: a deleted self-hosted video's files go with it (cms/services/video-upload).
  // A live stream's replay is ready (or failed) when its video's transcode is (cms/services/live).
  hooks: { afterChange: [syncReplayStatus, videoTagsInVocabulary], beforeDelete: [deleteVideoComments], afterDelete: [removeUploadedVideoFiles] },
  // The videoUrl rule reads the gate's fields: every read carries them, whatever a `select` asks for.
  forceSelect: { isPremium: true, isUncut: true, earlyAccessUntil: true },
  fields: [
    // Fixed once created (read-only in the edit view): its page, files, comments and bookmarks hang off it.
    { name: 'videoId', type: 'text', required: true, unique: true, index: true, maxLength: 64, access: { update: () => false }, admin: { description: 'The YouTube id, or manual_… for a self-hosted upload: the page is /video/{videoId}.' } },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea' },
    {
      name: 'publishedAt',
      type: 'date',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'A date ahead schedules it: until then only admins see it, and it is listed from then on.' },
    },
    { name: 'thumbnailUrl', type: 'text', maxLength: 1000 },
    {
      name: 'duration',
      type: 'text',
      maxLength: 32,
      // Stored ISO 8601 (PT12M34S), shown and typed as m:ss (cms/components/DurationField.tsx).
      validate: (value: string | null | undefined) => !value || value.startsWith('P') || 'Enter a duration such as 12:34 or 1:02:03.',
      admin: { description: 'm:ss or h:mm:ss, e.g. 12:34', components: { Field: '/components/DurationField#DurationField', Cell: '/components/DurationCell#DurationCell' } },
    },
    { name: 'viewCount', type: 'number', defaultValue: 0, min: 0, admin: { description: 'Counted by the site: once per viewer per video per hour.' } },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'youtube',
      options: [
        { label: 'YouTube', value: 'youtube' },
        { label: 'Manual upload', value: 'manual' },
      ],
    },
    {
      name: 'videoUrl',
      type: 'text',
      maxLength: 1000,
      access: { read: playableSourceAccess },
      admin: { description: 'The playable file of a self-hosted video (/media/videos/…); empty for YouTube videos.' },
    },
    {
      name: 'isUncut',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'The full, unedited version: shown with the UNCUT VERSION badge. Like Premium, only Premium members and admins can play it.' },
    },
    { name: 'isPremium', type: 'checkbox', defaultValue: false, admin: { description: 'Only Premium members and admins can play it; everyone else sees the Premium lock.' } },
    // Uploads (cms/services/video-upload): the HLS rendition the transcode job writes, and where it stands.
    {
      type: 'collapsible',
      label: 'Self-hosted streaming (HLS)',
      admin: { initCollapsed: true, condition: (data) => data?.source === 'manual' },
      fields: [
        {
          name: 'hlsUrl',
          type: 'text',
          maxLength: 1000,
          access: { read: playableSourceAccess },
          admin: { readOnly: true, description: 'The adaptive stream (/media/videos/{videoId}/hls/master.m3u8), written by the transcode job.' },
        },
        {
          name: 'transcodeStatus',
          type: 'select',
          options: TRANSCODE_STATUSES.map((value) => ({ label: TRANSCODE_STATUS_LABELS[value], value })),
          admin: { readOnly: true, description: 'Set by the upload and the transcode job.' },
        },
        { name: 'transcodeError', type: 'text', maxLength: 1000, admin: { readOnly: true, description: 'Why the last transcode failed.' } },
        { name: 'transcodedAt', type: 'date', admin: { readOnly: true } },
        // Written by the transcode job and /admin's upload panel (cms/services/video-upload).
        { name: 'transcodeProgress', type: 'json', admin: { readOnly: true, description: 'Where the last transcode stands: percent, renditions done, when it started and ended.' } },
        { name: 'thumbnailFrames', type: 'json', admin: { readOnly: true, description: 'Stills saved by the transcode, to pick the thumbnail from in /admin → Video upload.' } },
        {
          name: 'captions',
          type: 'array',
          access: { read: playableSourceAccess },
          admin: { readOnly: true, description: 'WebVTT captions, one per language: add or remove them in /admin → Video upload.' },
          fields: [
            { name: 'language', type: 'text', required: true, maxLength: 35 },
            { name: 'label', type: 'text', required: true, maxLength: 60 },
            { name: 'url', type: 'text', required: true, maxLength: 1000 },
          ],
        },
      ],
    },
    earlyAccessField('video'),
    { name: 'comments', type: 'join', collection: 'comments', on: 'video', defaultLimit: 0 },
    // YouTube import and sync (cms/services/youtube): what the sync keeps track of. Written by the sync only.
    {
      type: 'collapsible',
      label: 'YouTube sync',
      admin: { initCollapsed: true, condition: (data) => data?.source !== 'manual' },
      fields: [
        { name: 'youtubeChannelId', type: 'text', maxLength: 64, index: true, admin: { readOnly: true, description: 'The channel this video was imported from; empty for videos added by hand or by the seed.' } },
        { name: 'youtubeViewCount', type: 'number', min: 0, admin: { readOnly: true, description: "YouTube's own view count at the last sync (the site adds what it gains to View count)." } },
        {
          name: 'youtubeRemovedAt',
          type: 'date',
          index: true,
          admin: { readOnly: true, description: "When the sync found it gone from the channel (deleted or made private on YouTube): hidden from the site until it is back. Delete it here to drop it for good." },
        },
        { name: 'isDemo', type: 'checkbox', defaultValue: false, admin: { readOnly: true, description: 'A demo video made by the YouTube import\'s "Create Mock Videos": delete it when you are done trying.' } },
      ],
    },
    {
      type: 'collapsible',
      label: 'Search and SEO',
      admin: { initCollapsed: true },
      fields: [
        { name: 'seoTitle', type: 'text', maxLength: 200 },
        { name: 'seoDescription', type: 'textarea', maxLength: 500 },
        { name: 'keywords', type: 'text', hasMany: true },
        { name: 'customDescription', type: 'textarea' },
        { name: 'tags', type: 'text', hasMany: true },
        { name: 'category', type: 'text', maxLength: 100 },
        { name: 'targetAudience', type: 'text', maxLength: 300 },
        { name: 'emotionalTone', type: 'text', maxLength: 100 },
        { name: 'callToAction', type: 'textarea' },
        { name: 'timestampedSummary', type: 'textarea' },
        keyMomentsField,
        { name: 'seoGenerated', type: 'checkbox', defaultValue: false, admin: { description: 'Ticked when the SEO bot wrote these fields; untick to have it write them again.' } },
        { name: 'seoGeneratedAt', type: 'date' },
      ],
    },
    // Who it is for (cms/services/premium-gate/playable.ts): unlisted plays by its link but is in no list, feed or recommendation.
    {
      name: 'visibility',
      type: 'select',
      defaultValue: 'public',
      index: true,
      // Never stored empty: a cleared choice is the default (the rule reads no value as hidden).
      hooks: { beforeChange: [({ value }) => value ?? 'public'] },
      // Last in the list (shown in the sidebar): the collapsibles above keep their positions, so the editors' remembered open/closed sections stay theirs.
      admin: { isClearable: false, position: 'sidebar' },
      options: VIDEO_VISIBILITIES.map((value) => ({ label: VIDEO_VISIBILITY_LABELS[value], value })),
    },
  ],
}
