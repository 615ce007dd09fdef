import { describe, expect, it } from 'vitest'

import { detectVideoContainer, newManualVideoId, titleFromFileName, videoUploadFieldsSchema } from './video-upload'

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

describe('the container check from a file’s first bytes', () => {
  it('knows MP4, MOV, AVI, WMV and FLV by their magic numbers', () => {
    expect(detectVideoContainer(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4')
    expect(detectVideoContainer(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]))).toBe('mov')
    expect(detectVideoContainer(bytes([0, 0, 0, 0x08], 'wide', [0, 0, 0, 0, 0, 0, 0, 0]))).toBe('mov')
    expect(detectVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe('avi')
    expect(detectVideoContainer(bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]))).toBe('wmv')
    expect(detectVideoContainer(bytes('FLV', [1, 5, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]))).toBe('flv')
  })

  it('refuses anything else, whatever it is called', () => {
    expect(detectVideoContainer(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull()
    expect(detectVideoContainer(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull()
    expect(detectVideoContainer(bytes('This is not a video at all'))).toBeNull()
    expect(detectVideoContainer(bytes([0, 0]))).toBeNull()
  })
})

describe('the upload form', () => {
  it('requires the title and the published date with the spec words', () => {
    const issues = (data: object) => videoUploadFieldsSchema.safeParse(data).error?.issues.map((i) => i.message)
    expect(issues({ title: ' ', publishedAt: '2024-01-01T00:00:00Z' })).toEqual(['Title is required'])
    expect(issues({ title: 'A video', publishedAt: '' })).toEqual(['Published date is required'])
    expect(issues({ title: 'A video' })).toEqual(['Published date is required'])
  })

  it('reads checkboxes and durations as a form sends them', () => {
    const parsed = videoUploadFieldsSchema.parse({ title: 'A', publishedAt: '2024-01-01T00:00:00Z', isPremium: 'true', isUncut: 'false', duration: '4:13' })
    expect(parsed).toMatchObject({ isPremium: true, isUncut: false, duration: 'PT4M13S', description: '', publishedAt: '2024-01-01T00:00:00.000Z' })
    expect(videoUploadFieldsSchema.parse({ title: 'A', publishedAt: '2024-01-01' }).duration).toBeNull()
  })

  it('defaults the title from the file name and makes manual_ ids', () => {
    expect(titleFromFileName('My rally.final.mp4')).toBe('My rally.final')
    expect(titleFromFileName('noext')).toBe('noext')
    expect(newManualVideoId()).toMatch(/^manual_[a-z0-9]{10}$/)
  })
})
