// Captions and subtitles of an upload: WebVTT per language, checked (signature, size, language
// code), carried in the HLS master playlist as a SUBTITLES group with a subtitles playlist per
// track, listed as <track>s in the player, and served through the video's premium gate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, getFile } from './gate-helpers'
import { premiumMember, signedInAdmin } from './videos-helpers'
import { baseUrl, makeTestMp4, MB, postMultipart, uploadTestVideo, videoRow, waitForTranscode } from './video-upload-helpers'

let admin: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
  makeTestMp4()
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello from the captions\n\n00:00:01.500 --> 00:00:02.000\nGoodbye\n'
const addCaption = (videoId: string, language: string, body: string | Buffer, { cookie = admin.cookie, label }: { cookie?: string | null; label?: string } = {}) =>
  postMultipart(
    [{ name: 'language', value: language }, ...(label ? [{ name: 'label', value: label }] : []), { name: 'file', filename: `${language}.vtt`, type: 'text/vtt', bytes: Buffer.isBuffer(body) ? body : Buffer.from(body) }],
    { cookie, path: `/api/videos/${videoId}/captions` },
  )
const removeCaption = (videoId: string, language: string, cookie = admin.cookie) =>
  fetch(`${baseUrl}/api/videos/${videoId}/captions/${language}`, { method: 'DELETE', headers: { cookie: cookie ?? '', origin: baseUrl } })
const text = async (url: string, cookie: string | null) => (await getFile(url, asBrowser(cookie))).body.toString('utf8')

describe('caption tracks', () => {
  it('checks the file is WebVTT, its size and its language code, for admins only', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    const srt = await addCaption(video.videoId, 'en', '1\n00:00:00,000 --> 00:00:01,000\nHello\n')
    expect(srt.status).toBe(400)
    expect(srt.body.error).toMatch(/WebVTT/)
    expect((await addCaption(video.videoId, 'en', Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).status).toBe(400)
    const big = await addCaption(video.videoId, 'en', `WEBVTT\n\n${'x'.repeat(MB)}`)
    expect(big.status).toBe(413)
    expect(big.body.error).toBe('Captions must be under 1 MB.')
    for (const language of ['', 'english', '../x', 'e1']) expect((await addCaption(video.videoId, language, VTT)).status, language).toBe(400)
    const { client: member } = await registerMember(baseUrl)
    expect((await addCaption(video.videoId, 'en', VTT, { cookie: member.cookie })).status).toBe(403)
    expect((await addCaption(video.videoId, 'en', VTT, { cookie: null })).status).toBe(401)
    expect((await removeCaption(video.videoId, 'en', member.cookie)).status).toBe(403)
    expect((await addCaption('manual_nosuchvideo', 'en', VTT)).status).toBe(404)
    expect((await videoRow(video.videoId))?.id).toBe(video.id)
    const list = await admin.get('/api/videos/uploads')
    expect(list.body.find((u: { videoId: string }) => u.videoId === video.videoId).captions).toEqual([])
  })

  it('carries each track in the master playlist and the player, behind the premium gate, and removes it', async () => {
    const video = await uploadTestVideo(admin, { isPremium: 'true' })
    created.push(video.id)
    const ready = await waitForTranscode(video.videoId)
    expect(ready.transcode_status).toBe('ready')

    const en = await addCaption(video.videoId, 'en', `\uFEFF${VTT}`, { label: 'English (CC)' })
    expect(en.status, JSON.stringify(en.body)).toBe(201)
    const fr = await addCaption(video.videoId, 'fr', VTT.replace('Hello', 'Bonjour'))
    expect(fr.status).toBe(201)
    const [english, french] = fr.body.captions as { language: string; label: string; url: string }[]
    expect(english).toMatchObject({ language: 'en', label: 'English (CC)' })
    // No label given: the language's own name.
    expect(french).toMatchObject({ language: 'fr', label: 'Français' })
    expect(french!.url).toMatch(new RegExp(`^/media/videos/${video.videoId}/captions/fr-[a-z0-9]+\\.vtt$`))

    // The master playlist: a SUBTITLES group naming each track's playlist, which names its .vtt.
    const row = (await videoRow(video.videoId))!
    expect(row.hls_url).toMatch(/master\.m3u8\?v=[a-z0-9]+$/)
    const master = await text(row.hls_url!, admin.cookie)
    const frPlaylist = french!.url.split('/').pop()!.replace('.vtt', '.m3u8')
    expect(master).toContain(`#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="../captions/${frPlaylist}"`)
    expect(master).toContain('NAME="English (CC)",LANGUAGE="en"')
    for (const line of master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'))) expect(line).toContain('SUBTITLES="subs"')
    const playlistUrl = new URL(`../captions/${frPlaylist}`, new URL(row.hls_url!, baseUrl)).pathname
    const playlist = await text(playlistUrl, admin.cookie)
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
    expect(playlist).toContain(french!.url.split('/').pop())
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const vtt = await getFile(french!.url, asBrowser(admin.cookie))
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
    expect(vtt.body.toString('utf8')).toContain('Bonjour')

    // The premium gate: a visitor and a member are refused the tracks, a premium member gets them.
    const { client: member } = await registerMember(baseUrl)
    const { client: premium } = await premiumMember()
    for (const url of [french!.url, playlistUrl]) {
      expect((await getFile(url)).status, url).toBe(403)
      expect((await getFile(url, asBrowser(member.cookie))).status, url).toBe(403)
      expect((await getFile(url, asBrowser(premium.cookie))).status, url).toBe(200)
    }
    // The player lists them as tracks for the premium member; the member's page names none.
    const page = await premium.request('GET', video.url)
    expect(page.body).toContain(`<track kind="subtitles" src="${french!.url}" srclang="fr" label="Français">`)
    expect(page.body).toContain(`srclang="en" label="English (CC)"`)
    expect((await member.request('GET', video.url)).body).not.toContain('/captions/')
    expect(JSON.stringify((await member.get(`/cms/api/videos/${video.id}`)).body)).not.toContain('/captions/')

    // Adding a language again replaces its file; removing takes it out of the playlist and off /media.
    const again = await addCaption(video.videoId, 'fr', VTT.replace('Hello', 'Salut'))
    const newFrench = (again.body.captions as { language: string; url: string }[]).find((c) => c.language === 'fr')!
    expect(newFrench.url).not.toBe(french!.url)
    expect((await getFile(french!.url, asBrowser(admin.cookie))).status).toBe(404)
    const removed = await removeCaption(video.videoId, 'fr')
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as { captions: { language: string }[] }).captions.map((c) => c.language)).toEqual(['en'])
    expect((await getFile(newFrench.url, asBrowser(admin.cookie))).status).toBe(404)
    const after = await text((await videoRow(video.videoId))!.hls_url!, admin.cookie)
    expect(after).not.toContain('LANGUAGE="fr"')
    expect(after).toContain('LANGUAGE="en"')
    expect((await removeCaption(video.videoId, 'fr')).status).toBe(404)
  }, 120_000)
})
