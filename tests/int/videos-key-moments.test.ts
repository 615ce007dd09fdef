// Key moments through Payload's REST API (the /cms editor's own door) and back out of the site's
// API in the spec's shape (SPEC §3: keyMoments [{ timestamp, description }]).
import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { KEY_MOMENT_MESSAGES } from '../../shared/key-moments'
import { ApiClient } from '../helpers/api-client'
import { baseUrl, signedInAdmin } from './videos-helpers'

type FieldError = { message: string; path: string }

const newVideo = (keyMoments: unknown, duration = 'PT10M30S') => ({
  videoId: `km_${randomBytes(5).toString('hex')}`,
  title: 'Key moments under test',
  publishedAt: '2020-01-01T00:00:00.000Z',
  source: 'youtube',
  duration,
  keyMoments,
})

/** The field errors of a refused Payload write. */
const fieldErrors = (body: { errors?: { data?: { errors?: FieldError[] } }[] }) =>
  (body.errors ?? []).flatMap((e) => e.data?.errors ?? []).map(({ message, path }) => ({ message, path }))

describe('key moments written through /cms/api/videos', () => {
  it.each([
    ['a time that is not m:ss or h:mm:ss', [{ timestamp: '90', description: 'Seconds only' }], 0, KEY_MOMENT_MESSAGES.format],
    ['minutes past 59 without the hour', [{ timestamp: '65:00', description: 'Too many minutes' }], 0, KEY_MOMENT_MESSAGES.format],
    ['a time past the end of the video', [{ timestamp: '0:00', description: 'Start' }, { timestamp: '10:30', description: 'The last second' }], 1, KEY_MOMENT_MESSAGES.beyondEnd('10:30')],
    ['rows out of order', [{ timestamp: '5:00', description: 'Later' }, { timestamp: '1:00', description: 'Earlier' }], 1, KEY_MOMENT_MESSAGES.notAfter('5:00')],
    ['the same time twice', [{ timestamp: '1:00', description: 'One' }, { timestamp: '1:00', description: 'Two' }], 1, KEY_MOMENT_MESSAGES.notAfter('1:00')],
  ])('refuses %s with 400 and the row’s message, and saves nothing', async (_, keyMoments, row, message) => {
    const admin = await signedInAdmin()
    const body = newVideo(keyMoments)
    const res = await admin.post('/cms/api/videos', body)
    expect(res.status).toBe(400)
    expect(fieldErrors(res.body)).toContainEqual({ message, path: `keyMoments.${row}.timestamp` })
    const lookup = await admin.get(`/cms/api/videos?where[videoId][equals]=${body.videoId}`)
    expect(lookup.body.totalDocs).toBe(0)
  })

  it('refuses a row without a description', async () => {
    const res = await (await signedInAdmin()).post('/cms/api/videos', newVideo([{ timestamp: '1:00', description: '' }]))
    expect(res.status).toBe(400)
    expect(fieldErrors(res.body).map((e) => e.path)).toContain('keyMoments.0.description')
  })

  it('checks the rows again when the duration changes: a shorter video cannot leave a moment past its end', async () => {
    const admin = await signedInAdmin()
    const created = await admin.post('/cms/api/videos', newVideo([{ timestamp: '0:00', description: 'Start' }, { timestamp: '9:00', description: 'Near the end' }]))
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    const shortened = await admin.patch(`/cms/api/videos/${id}`, { duration: 'PT8M' })
    expect(shortened.status).toBe(400)
    expect(fieldErrors(shortened.body)).toContainEqual({ message: KEY_MOMENT_MESSAGES.beyondEnd('8:00'), path: 'keyMoments.1.timestamp' })
    // A change to the rows alone is checked against the stored duration.
    const late = await admin.patch(`/cms/api/videos/${id}`, { keyMoments: [{ timestamp: '11:00', description: 'Past the end' }] })
    expect(late.status).toBe(400)
    expect((await admin.get(`/cms/api/videos/${id}`)).body).toMatchObject({ duration: 'PT10M30S', keyMoments: [{ timestamp: '0:00' }, { timestamp: '9:00' }] })
  })

  it('keeps good rows, in order, and the site API gives them back as [{ timestamp, description }] without row ids', async () => {
    const admin = await signedInAdmin()
    const keyMoments = [
      { timestamp: '0:00', description: 'Welcome' },
      { timestamp: '1:23', description: 'The first <question> & answer' },
      { timestamp: '1:02:03', description: 'Past the hour' },
    ]
    const body = newVideo(keyMoments, 'PT1H5M')
    const created = await admin.post('/cms/api/videos', body)
    expect(created.status).toBe(201)
    // Payload's own answer carries the array rows' ids; the site's API does not.
    expect(created.body.doc.keyMoments).toEqual(keyMoments.map((m) => ({ ...m, id: expect.any(String) })))

    const seo = await new ApiClient(baseUrl).get(`/api/videos/${body.videoId}/seo`)
    expect(seo.status).toBe(200)
    expect(seo.body.keyMoments).toEqual(keyMoments)

    // Reordered and shortened in /cms: the site follows (its caches are cleared by the write).
    const edited = await admin.patch(`/cms/api/videos/${created.body.doc.id}`, { keyMoments: [keyMoments[0], { timestamp: '2:00', description: 'Replaced' }] })
    expect(edited.status).toBe(200)
    const after = await new ApiClient(baseUrl).get(`/api/videos/${body.videoId}/seo`)
    expect(after.body.keyMoments).toEqual([keyMoments[0], { timestamp: '2:00', description: 'Replaced' }])
  })

  it('a visitor cannot write them', async () => {
    const res = await new ApiClient(baseUrl).post('/cms/api/videos', newVideo([{ timestamp: '0:00', description: 'Start' }]))
    expect([401, 403]).toContain(res.status)
  })
})
