// Captions and subtitles of an uploaded video: one WebVTT file per language in the video's folder
// (`captions/{language}-{version}.vtt`, behind the same premium gate as its stream), a subtitles
// playlist beside each (`.m3u8`), and the stream's master playlist naming them as a SUBTITLES group.
// The player lists the same files as <track>s the viewer picks from.
import path from 'node:path'

import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { parseIsoDuration } from '../../../shared/format'
import { CAPTION_MAX_BYTES, CAPTION_NOT_WEBVTT, CAPTION_TOO_LARGE, type CaptionTrackRow } from '../../../shared/video-upload'
import { inTransaction } from '../db/transactions'
import { badRequest, forbidden, notFound, ServiceError, unauthorized } from '../errors'
import { subtitlesPlaylist, withSubtitles, type SubtitleEntry } from '../video-transcode/ladder'
import { captionsDir, hlsDir, hlsNameOf, publicUrl, readStored, removeFile, versionStamp, writeWhole } from './storage'

export type CaptionTrack = CaptionTrackRow

/** A subtitles playlist as long as the video (or a day, before its length is known). */
const FALLBACK_SECONDS = 24 * 60 * 60

/** The master playlist's entries for these tracks: each track's playlist, relative to a stream folder. */
export const captionSubtitles = (captions: readonly CaptionTrack[]): SubtitleEntry[] =>
  captions.map((c) => ({ language: c.language, label: c.label, uri: `../captions/${path.basename(c.url).replace(/\.vtt$/, '.m3u8')}` }))

/**
 * Checks that `bytes` are a WebVTT file (UTF-8, the `WEBVTT` signature line, W3C WebVTT §4.1) under
 * the size limit, and returns its text. A name or declared type proves nothing.
 */
export function readWebVtt(bytes: Uint8Array): string {
  if (bytes.byteLength > CAPTION_MAX_BYTES) throw new ServiceError(CAPTION_TOO_LARGE, 413)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest(CAPTION_NOT_WEBVTT)
  }
  const body = text.replace(/^\uFEFF/, '')
  if (!/^WEBVTT(?:[ \t][^\r\n]*)?(?:\r\n|\r|\n|$)/.test(body)) throw badRequest(CAPTION_NOT_WEBVTT)
  if (body.includes('\0')) throw badRequest(CAPTION_NOT_WEBVTT)
  return body
}

/** The language's own name, capitalised (`fr` → Français), as the label a viewer picks when none was given. */
export function languageLabel(language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language)
    if (name && name !== language) return name.charAt(0).toLocaleUpperCase(language) + name.slice(1)
  } catch {
    /* an unknown tag: the code itself */
  }
  return language
}

async function uploadedVideo(payload: Payload, user: Pick<User, 'isAdmin'> | null, videoId: string) {
  if (!user) throw unauthorized()
  if (!userIsAdmin(user)) throw forbidden('Only admins can change captions.')
  // overrideAccess: the caller is checked to be an admin above.
  const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, depth: 0, joins: false, overrideAccess: true })
  const video = docs[0]
  if (!video || video.source !== 'manual') throw notFound('No uploaded video with this id.')
  return video
}

/**
 * Points the stream's master playlist at exactly these tracks and returns the stream URL to store,
 * versioned (`?v=`): a public master playlist is cached for a month, so the changed one gets a new URL.
 */
async function syncMasterPlaylist(videoId: string, hlsUrl: string | null | undefined, captions: readonly CaptionTrack[]): Promise<string | null> {
  const name = hlsNameOf(hlsUrl)
  if (!hlsUrl || !name) return hlsUrl ?? null
  const file = path.join(hlsDir(videoId, name), 'master.m3u8')
  const master = (await readStored(file))?.toString('utf8') ?? null
  if (master === null) return hlsUrl
  await writeWhole(file, withSubtitles(master, captionSubtitles(captions)))
  return `${hlsUrl.replace(/\?.*$/, '')}?v=${versionStamp()}`
}

const removeTrackFiles = async (track: CaptionTrack | undefined) => {
  if (!track) return
  const base = path.basename(track.url)
  const dir = (videoId: string) => captionsDir(videoId)
  const videoId = /^\/media\/videos\/([^/]+)\//.exec(track.url)?.[1]
  if (!videoId) return
  await removeFile(path.join(dir(videoId), base))
  await removeFile(path.join(dir(videoId), base.replace(/\.vtt$/, '.m3u8')))
}

/**
 * Adds (or replaces) the caption track of `language`: the file checked to be WebVTT, written with
 * its subtitles playlist, listed on the video, and named in the master playlist. Returns the tracks.
 */
export async function addCaption(
  payload: Payload,
  { user, videoId, language, label, bytes }: { user: Pick<User, 'isAdmin' | 'id'> | null; videoId: string; language: string; label: string; bytes: Uint8Array },
): Promise<CaptionTrack[]> {
  const video = await uploadedVideo(payload, user, videoId)
  const text = readWebVtt(bytes)
  const name = `${language}-${versionStamp()}`
  const vtt = path.join(captionsDir(videoId), `${name}.vtt`)
  const track: CaptionTrack = { language, label: label || languageLabel(language), url: publicUrl(vtt) }
  const seconds = parseIsoDuration(video.duration ?? '') ?? FALLBACK_SECONDS
  await writeWhole(vtt, text)
  await writeWhole(path.join(captionsDir(videoId), `${name}.m3u8`), subtitlesPlaylist(`${name}.vtt`, seconds))
  const before = (video.captions ?? []) as CaptionTrack[]
  const captions = [...before.filter((c) => c.language !== language), track].sort((a, b) => a.language.localeCompare(b.language))
  try {
    await saveCaptions(payload, video.id, videoId, video.hlsUrl, captions)
  } catch (error) {
    await removeTrackFiles(track)
    throw error
  }
  await removeTrackFiles(before.find((c) => c.language === language))
  payload.logger.info({ event: 'video_caption_added', videoId, language, userId: user?.id }, 'caption track added')
  return captions
}

/** Removes the caption track of `language` (404 when the video has none). Returns the tracks left. */
export async function removeCaption(payload: Payload, { user, videoId, language }: { user: Pick<User, 'isAdmin' | 'id'> | null; videoId: string; language: string }): Promise<CaptionTrack[]> {
  const video = await uploadedVideo(payload, user, videoId)
  const before = (video.captions ?? []) as CaptionTrack[]
  const gone = before.find((c) => c.language === language)
  if (!gone) throw notFound('This video has no captions in that language.')
  const captions = before.filter((c) => c !== gone)
  await saveCaptions(payload, video.id, videoId, video.hlsUrl, captions)
  await removeTrackFiles(gone)
  payload.logger.info({ event: 'video_caption_removed', videoId, language, userId: user?.id }, 'caption track removed')
  return captions
}

async function saveCaptions(payload: Payload, id: number, videoId: string, hlsUrl: string | null | undefined, captions: CaptionTrack[]) {
  const nextHlsUrl = await syncMasterPlaylist(videoId, hlsUrl, captions)
  await inTransaction(payload, (req) =>
    // overrideAccess: the caller is checked to be an admin (uploadedVideo).
    payload.update({ collection: 'videos', id, data: { captions, ...(nextHlsUrl ? { hlsUrl: nextHlsUrl } : {}) }, depth: 0, overrideAccess: true, req, context: { transcode: true } }),
  )
}

/** The caption tracks of a video for the player, read as `user` (the gate's field rule decides). */
export async function captionTracksFor(payload: Payload, user: User | null, videoId: string): Promise<CaptionTrack[]> {
  const { docs } = await payload.find({
    collection: 'videos',
    where: { videoId: { equals: videoId } },
    limit: 1,
    depth: 0,
    joins: false,
    select: { captions: true },
    user,
    overrideAccess: false,
  })
  return ((docs[0]?.captions ?? []) as CaptionTrack[]).map(({ language, label, url }) => ({ language, label, url }))
}
