import { TOAST } from '../../../shared/constants'
import { POINTS_EARNED, youEarnedPoints } from '../../../shared/messages'
import { toast, useToastStore } from '../../lib/stores/toast-store'

/** When another toast (the action's own, e.g. 'Comment Posted') is showing, it keeps the stage this long first. */
export const TOAST_HANDOVER_MS = 1500

/** The newest toast showing, if any (the store keeps the newest first). */
const newestOpenToast = () => useToastStore.getState().toasts.find((t) => t.open)?.id ?? null

/**
 * The 'Points Earned!' toast, after the toast showing now has had the stage for TOAST_HANDOVER_MS.
 * A toast raised meanwhile (the member deleted what they had just posted: 'Comment Deleted') gets
 * its own handover: the points never replace a message the member has not had time to read.
 */
export function showPointsToast(points: number, waitingFor: string | null = newestOpenToast()) {
  if (waitingFor === null) {
    toast({ title: POINTS_EARNED, description: youEarnedPoints(points), durationMs: TOAST.pointsToastMs })
    return
  }
  setTimeout(() => {
    const newest = newestOpenToast()
    showPointsToast(points, newest !== null && newest !== waitingFor ? newest : null)
  }, TOAST_HANDOVER_MS)
}

