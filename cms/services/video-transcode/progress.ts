// Where a running transcode stands: one ffmpeg run per rung, each reporting the media time it has
// written (`-progress`), weighed by the rung's pixels (a 1080p rung costs far more than a 240p one).

export type TranscodeProgress = {
  /** 0–100 over the whole ladder. */
  percent: number
  renditionsDone: number
  renditionsTotal: number
  /** When this transcode started (ISO), and when it finished. */
  startedAt: string
  finishedAt?: string | null
  /** A replacement file is being transcoded while the current stream keeps playing. */
  replacing?: boolean
  /** Why the last replacement failed (the current stream stayed). */
  replacementError?: string | null
}

/** The media time in seconds in one `-progress` line (`out_time_us`, or `out_time_ms`, which ffmpeg also gives in microseconds), else null. */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line)
  return match ? Number(match[1]) / 1_000_000 : null
}

/** The percent done over a ladder whose rungs weigh `weights`, with `done` rungs finished and the next at `fraction`. */
export function ladderPercent(weights: readonly number[], done: number, fraction: number): number {
  const total = weights.reduce((sum, w) => sum + w, 0)
  if (total <= 0) return 0
  const finished = weights.slice(0, done).reduce((sum, w) => sum + w, 0)
  const current = done < weights.length ? weights[done]! * Math.min(1, Math.max(0, fraction)) : 0
  return Math.min(100, Math.floor(((finished + current) / total) * 100))
}

/** Seconds left, from the time spent so far and the percent done (null until there is something to go on). */
export function secondsLeft(progress: Pick<TranscodeProgress, 'percent' | 'startedAt'>, now = Date.now()): number | null {
  const elapsed = (now - new Date(progress.startedAt).getTime()) / 1000
  if (!(progress.percent > 0) || !Number.isFinite(elapsed) || elapsed <= 0) return null
  if (progress.percent >= 100) return 0
  return Math.max(1, Math.round((elapsed * (100 - progress.percent)) / progress.percent))
}
