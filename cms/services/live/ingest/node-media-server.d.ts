// node-media-server 4.x ships JavaScript only: the two protocol classes the ingest uses (README.md).
declare module 'node-media-server/src/core/avpacket.js' {
  /** One audio, video or script message as the RTMP parser hands it over. */
  class AVPacket {
    codec_id: number
    /** 8 audio, 9 video, 18 script data (the FLV tag types). */
    codec_type: number
    /** 0 audio header, 1 audio frame, 2 video header, 3 keyframe, 4 other video frame, 5 metadata. */
    flags: number
    pts: number
    dts: number
    size: number
    data: Buffer
  }
  export = AVPacket
}

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js'

  class Rtmp {
    /** Called when a client publishes (or plays) a stream: its app and stream name (the key). */
    onConnectCallback: (req: { app: string; name: string; host: string; query: Record<string, unknown> }) => void
    onPushCallback: () => void
    onPlayCallback: () => void
    onPacketCallback: (packet: AVPacket) => void
    /** Bytes the protocol answers with (handshake, acknowledgements, status): to the socket. */
    onOutputCallback: (buffer: Buffer) => void
    /** Feeds received bytes; returns an error message when the stream is not RTMP. */
    parserData(buffer: Buffer): string | null
  }
  export = Rtmp
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js'

  class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer
    static createMessage(packet: AVPacket): Buffer
  }
  export = Flv
}
