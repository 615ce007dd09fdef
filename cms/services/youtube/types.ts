// The parts of YouTube Data API v3 resources the import reads (developers.google.com/youtube/v3/docs).

export type YtThumbnail = { url: string; width?: number; height?: number }
export type YtThumbnails = Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', YtThumbnail>>

export type YtListResponse<T> = {
  kind: string
  etag?: string
  nextPageToken?: string
  prevPageToken?: string
  pageInfo?: { totalResults: number; resultsPerPage: number }
  items?: T[]
}

export type YtChannel = {
  kind: 'youtube#channel'
  id: string
  snippet?: { title?: string; customUrl?: string; description?: string }
  contentDetails?: { relatedPlaylists?: { uploads?: string; likes?: string } }
}

export type YtPlaylistItem = {
  kind: 'youtube#playlistItem'
  id: string
  contentDetails?: { videoId?: string; videoPublishedAt?: string }
  snippet?: { resourceId?: { videoId?: string } }
}

export type YtVideo = {
  kind: 'youtube#video'
  id: string
  snippet?: {
    publishedAt?: string
    channelId?: string
    title?: string
    description?: string
    thumbnails?: YtThumbnails
    channelTitle?: string
    liveBroadcastContent?: string
  }
  contentDetails?: { duration?: string }
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string }
}

/** Google's error body: `{ error: { code, message, errors: [{ domain, reason, message }], status } }`. */
export type YtErrorBody = {
  error?: { code?: number; message?: string; status?: string; errors?: { domain?: string; reason?: string; message?: string }[] }
}

/** A channel as the import uses it. */
export type ChannelInfo = { id: string; title: string; handle: string; uploadsPlaylistId: string }

/** The fields of a `videos` row that YouTube owns: a sync writes these and nothing else. */
export type YoutubeVideoFields = {
  videoId: string
  title: string
  description: string
  publishedAt: string
  thumbnailUrl: string | null
  duration: string | null
  viewCount: number
}
