// RTMP messages → FLV tags for ffmpeg (node-media-server's FLV writer; see README.md).
import type AVPacket from 'node-media-server/src/core/avpacket.js'
import Flv from 'node-media-server/src/protocol/flv.js'

/** AVPacket.flags as node-media-server's parser sets them. */
export const PACKET = { audioHeader: 0, audio: 1, videoHeader: 2, keyframe: 3, video: 4, metadata: 5 } as const

/** AMF0 string '@setDataFrame': RTMP publishers wrap onMetaData in it; an FLV file does not. */
const SET_DATA_FRAME = Buffer.from([0x02, 0x00, 0x0d, ...Buffer.from('@setDataFrame')])

/** The FLV tag of one RTMP message (metadata unwrapped to the FLV file's own onMetaData). */
export function flvTagOf(packet: AVPacket): Buffer {
  if (packet.flags === PACKET.metadata && packet.data.subarray(0, SET_DATA_FRAME.length).equals(SET_DATA_FRAME)) {
    const data = packet.data.subarray(SET_DATA_FRAME.length, packet.size)
    return Flv.createMessage({ ...packet, data, size: data.length })
  }
  return Flv.createMessage(packet)
}

export const flvHeader = (hasAudio: boolean, hasVideo: boolean): Buffer => Flv.createHeader(hasAudio, hasVideo)
