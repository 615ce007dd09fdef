import AVPacket from 'node-media-server/src/core/avpacket.js'
import { describe, expect, it } from 'vitest'

import { liveFfmpegArgs } from './ffmpeg'
import { flvTagOf, PACKET } from './flv'
import { parseLiveHlsPath, recordingPartName, RECORDING_PART, SEGMENT_NAME } from './paths'

describe('live HLS paths', () => {
  it('names only a stream playlist or one of its segments', () => {
    expect(parseLiveHlsPath('/12/index.m3u8')).toEqual({ streamId: 12, file: 'index.m3u8', playlist: true })
    expect(parseLiveHlsPath('/12/seg-345.ts')).toEqual({ streamId: 12, file: 'seg-345.ts', playlist: false })
    for (const odd of ['/12/../index.m3u8', '/12/recording/part-001.ts', '/0/index.m3u8', '/012/index.m3u8', '/12/index.m3u8.tmp', '/12/seg-1.ts.tmp', '/12/seg-.ts', '/x/index.m3u8', '/12//index.m3u8', '/12/index.m3u8/', '/12/SEG-1.ts', '/99999999999/index.m3u8']) {
      expect(parseLiveHlsPath(odd), odd).toBeNull()
    }
    expect(SEGMENT_NAME.test('seg-0.ts')).toBe(true)
  })

  it('numbers recording parts in publish order', () => {
    expect(recordingPartName(1)).toBe('part-001.ts')
    expect(recordingPartName(12)).toBe('part-012.ts')
    expect(RECORDING_PART.test(recordingPartName(1000))).toBe(true)
    expect([recordingPartName(10), recordingPartName(9)].sort()).toEqual(['part-009.ts', 'part-010.ts'])
  })
})

describe('the live ffmpeg', () => {
  it('copies FLV from stdin into 1 s HLS segments and a recording, local files only', () => {
    const args = liveFfmpegArgs('/data/live/3', '/data/live/3/recording/part-001.ts', false)
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2)).toEqual(['-protocol_whitelist', 'file,pipe'])
    expect(args).toContain('-nostdin')
    expect(args.join(' ')).toContain('-f flv -i pipe:0')
    expect(args.filter((a) => a === 'copy')).toHaveLength(2)
    expect(args[args.indexOf('-hls_time') + 1]).toBe('1')
    const flags = args[args.indexOf('-hls_flags') + 1]!
    expect(flags).toContain('omit_endlist')
    expect(flags).toContain('append_list')
    expect(flags).not.toContain('discont_start')
    expect(args.at(-1)).toBe('/data/live/3/recording/part-001.ts')
  })

  it('marks the join of a reconnect', () => {
    const args = liveFfmpegArgs('/d', '/d/recording/part-002.ts', true)
    expect(args[args.indexOf('-hls_flags') + 1]).toContain('discont_start')
  })
})

describe('FLV tags', () => {
  it("unwraps RTMP's @setDataFrame metadata into an FLV onMetaData tag", () => {
    const onMetaData = Buffer.from([0x02, 0x00, 0x0a, ...Buffer.from('onMetaData'), 0x05])
    const packet = new AVPacket()
    packet.codec_type = 18
    packet.flags = PACKET.metadata
    packet.data = Buffer.concat([Buffer.from([0x02, 0x00, 0x0d, ...Buffer.from('@setDataFrame')]), onMetaData])
    packet.size = packet.data.length
    const tag = flvTagOf(packet)
    expect(tag[0]).toBe(18)
    expect(tag.readUIntBE(1, 3)).toBe(onMetaData.length)
    expect(tag.subarray(11, 11 + onMetaData.length).equals(onMetaData)).toBe(true)
    expect(tag.readUInt32BE(tag.length - 4)).toBe(11 + onMetaData.length)
  })

  it('keeps audio and video messages as they are, with their timestamps', () => {
    const packet = new AVPacket()
    packet.codec_type = 9
    packet.flags = PACKET.keyframe
    packet.dts = 0x01020304
    packet.data = Buffer.from([0x17, 0x01, 0, 0, 0, 1, 2, 3])
    packet.size = packet.data.length
    const tag = flvTagOf(packet)
    expect(tag[0]).toBe(9)
    // FLV's timestamp: 24 low bits, then the high byte.
    expect([tag[4], tag[5], tag[6], tag[7]]).toEqual([0x02, 0x03, 0x04, 0x01])
    expect(tag.subarray(11, 11 + packet.size).equals(packet.data)).toBe(true)
  })
})
