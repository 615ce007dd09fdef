import { crc32 } from 'node:zlib'

import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { processProfilePicture } from './image'

const solid = (format: 'png' | 'jpeg' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#b3361b' } })[format]().withMetadata({ exif: { IFD0: { Artist: 'gps-and-names' } } }).toBuffer()

/** A valid PNG whose header claims `width`×`height` (CRC fixed), as a decompression bomb would. */
async function claimingPng(width: number, height: number) {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer())
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('processProfilePicture', () => {
  it.each(['png', 'jpeg', 'gif'] as const)('turns a %s into a 512×512 WebP without metadata', async (format) => {
    const out = await processProfilePicture(await solid(format))
    const meta = await sharp(out.data).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 })
    expect(meta.exif).toBeUndefined()
    expect(out.data.includes(Buffer.from('gps-and-names'))).toBe(false)
  })

  it('refuses what is not a raster image, whatever it is called', async () => {
    for (const bytes of [Buffer.from('plain text'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'), Buffer.alloc(0)]) {
      await expect(processProfilePicture(bytes)).rejects.toMatchObject({ status: 400 })
    }
  })

  it('refuses more than 5MB (413) and images claiming too many pixels (400)', async () => {
    await expect(processProfilePicture(new Uint8Array(5 * 1024 * 1024 + 1))).rejects.toMatchObject({ status: 413 })
    await expect(processProfilePicture(await claimingPng(50_000, 50_000))).rejects.toMatchObject({
      status: 400,
      message: 'That image is too large to process. Please choose a smaller one.',
    })
  })
})
