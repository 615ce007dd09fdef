import { ServiceError } from '../errors'

// Every failure says what happened and that nothing changed: the import and sync write in one
// transaction, after every call to YouTube has succeeded.
export const YOUTUBE_KEY_MISSING =
  'YouTube import is not set up: the server has no YOUTUBE_API_KEY. Nothing was changed. Use "Create Mock Videos" to try the panel without one.'
export const YOUTUBE_UNREACHABLE = 'YouTube could not be reached. Nothing was changed; please try again in a few minutes.'
export const YOUTUBE_QUOTA_EXCEEDED =
  "The YouTube API quota for today is used up (quotaExceeded). Nothing was changed; YouTube resets it at midnight Pacific Time, and the automatic sync carries on then."
export const YOUTUBE_BUSY = 'A YouTube import or sync is already running. Try again when it has finished.'
export const YOUTUBE_NO_CHANNEL = 'No channel to sync: set the YouTube channel in Admin → Settings, or import one first.'
export const unknownHandleMessage = (handle: string) => `No YouTube channel has the handle ${handle}. Nothing was changed.`
export const keyRefusedMessage = (reason: string) => `YouTube refused the server's API key (${reason}). Nothing was changed.`

/**
 * A YouTube failure with its status for the endpoint and a short `reason` code for the logs and
 * the panel's last-run line (missingKey, quotaExceeded, unknownHandle, keyRefused, unreachable…).
 */
export class YoutubeError extends ServiceError {
  constructor(
    message: string,
    status: number,
    public readonly reason: string,
    /** Worth retrying by itself a little later (the network, YouTube's 5xx) rather than after a change of settings. */
    public readonly transient = false,
  ) {
    super(message, status)
    this.name = 'YoutubeError'
  }
}

export const missingKey = () => new YoutubeError(YOUTUBE_KEY_MISSING, 503, 'missingKey')
export const quotaExceeded = () => new YoutubeError(YOUTUBE_QUOTA_EXCEEDED, 429, 'quotaExceeded')
export const unknownHandle = (handle: string) => new YoutubeError(unknownHandleMessage(handle), 404, 'unknownHandle')
export const keyRefused = (reason: string) => new YoutubeError(keyRefusedMessage(reason), 503, 'keyRefused')
export const unreachable = (reason: string) => new YoutubeError(YOUTUBE_UNREACHABLE, 502, `unreachable: ${reason}`, true)
export const busy = () => new YoutubeError(YOUTUBE_BUSY, 409, 'busy')
export const noChannel = () => new YoutubeError(YOUTUBE_NO_CHANNEL, 400, 'noChannel')
