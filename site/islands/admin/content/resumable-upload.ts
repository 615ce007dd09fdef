// Sending a video with the tus protocol (resumable): the upload panel's new videos and replaced
// files alike. tus-js-client is loaded only when an upload starts.
import { TUS_ENDPOINT } from '../../../../shared/video-upload'

/** Resumable chunks: a dropped connection loses at most one, and proxies' body caps are never hit. */
const CHUNK_BYTES = 32 * 1024 * 1024

export type ResumableHandle = { abort: (terminate?: boolean) => Promise<void> }

/** The HTTP status text of a failed request (SPEC §8: 'Upload failed: {status text}'). */
export function statusTextOf(error: unknown): string | undefined {
  const response = (error as { originalResponse?: { getStatus(): number; getUnderlyingObject(): unknown } | null })?.originalResponse
  const xhr = response?.getUnderlyingObject() as XMLHttpRequest | undefined
  return xhr?.statusText || undefined
}

export function serverMessageOf(error: unknown): string | undefined {
  const body = (error as { originalResponse?: { getBody(): string } | null })?.originalResponse?.getBody()
  try {
    return body ? ((JSON.parse(body) as { error?: string }).error ?? undefined) : undefined
  } catch {
    return undefined
  }
}

/**
 * Sends `file`; calls onDone with the finished upload's id (to post with the form). A file sent
 * before and cut off (a closed tab, a dropped network) continues where it stopped.
 */
export async function sendResumable(
  file: File,
  { onProgress, onError, onDone }: { onProgress: (percent: number) => void; onError: (error: unknown) => void; onDone: (uploadId: string) => void },
): Promise<ResumableHandle> {
  const { Upload } = await import('tus-js-client')
  const upload = new Upload(file, {
    endpoint: TUS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    metadata: { filename: file.name, filetype: file.type },
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => onProgress(total ? Math.floor((sent / total) * 100) : 0),
    onError,
    onSuccess: () => onDone(upload.url?.split('/').pop() ?? ''),
  })
  const previous = await upload.findPreviousUploads().catch(() => [])
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0])
  upload.start()
  return upload
}

/** Sizes as people read them on a disk or a plan: MB = 1,000,000 bytes. */
export const formatMegabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** "about 2 min left" / "about 40 s left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds >= 90) return `about ${Math.round(seconds / 60)} min left`
  return `about ${Math.max(1, Math.round(seconds))} s left`
}
