import { describe, expect, it } from 'vitest'

import { captionLanguageSchema } from '../../../shared/video-upload'
import { captionSubtitles, languageLabel, readWebVtt } from './captions-store'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('caption files', () => {
  it('accepts WebVTT by its signature line (with a BOM or a header text), nothing else', () => {
    expect(readWebVtt(bytes('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'))).toContain('Hi')
    expect(readWebVtt(bytes('\uFEFFWEBVTT - made by hand\r\n\r\n'))).toMatch(/^WEBVTT/)
    expect(readWebVtt(bytes('WEBVTT'))).toBe('WEBVTT')
    for (const text of ['1\n00:00:00,000 --> 00:00:01,000\nHi\n', 'WEBVTTX\n', ' WEBVTT\n', '', 'WEBVTT\n\0'])
      expect(() => readWebVtt(bytes(text)), JSON.stringify(text)).toThrow(/WebVTT/)
    expect(() => readWebVtt(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xc3, 0x28]))).toThrow(/WebVTT/)
    expect(() => readWebVtt(new Uint8Array(1_000_001))).toThrow('Captions must be under 1 MB.')
  })

  it('takes language codes as players expect them, and names them in their own language', () => {
    expect(captionLanguageSchema.parse('EN')).toBe('en')
    expect(captionLanguageSchema.parse('pt-br')).toBe('pt-BR')
    expect(captionLanguageSchema.parse('es-419')).toBe('es-419')
    for (const bad of ['', 'e', 'english', 'en_US', '../en', 'en-', 'fr/x']) expect(captionLanguageSchema.safeParse(bad).success, bad).toBe(false)
    expect(languageLabel('fr')).toBe('Français')
    expect(languageLabel('en')).toBe('English')
    expect(languageLabel('pt-BR')).toBe('Português (Brasil)')
  })

  it('names each track’s subtitles playlist relative to the stream folder', () => {
    expect(captionSubtitles([{ language: 'en', label: 'English', url: '/media/videos/manual_x/captions/en-abc.vtt' }])).toEqual([{ language: 'en', label: 'English', uri: '../captions/en-abc.m3u8' }])
  })
})
