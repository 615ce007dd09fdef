import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { POINTS_EARNED } from '../../../shared/messages'
import { toast, useToastStore } from '../../lib/stores/toast-store'
import { showPointsToast, TOAST_HANDOVER_MS } from './points-toast'

const showing = () => useToastStore.getState().toasts.filter((t) => t.open).map((t) => t.title)
const newest = () => showing()[0]

describe("the 'Points Earned!' toast", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useToastStore.setState({ toasts: [] })
  })
  afterEach(() => vi.useRealTimers())

  it('shows at once when no other toast is showing', () => {
    showPointsToast(10)
    expect(newest()).toBe(POINTS_EARNED)
  })

  it("lets the action's own toast have the stage first", () => {
    toast({ title: 'Comment Posted' })
    showPointsToast(10)
    expect(newest()).toBe('Comment Posted')
    vi.advanceTimersByTime(TOAST_HANDOVER_MS)
    expect(newest()).toBe(POINTS_EARNED)
  })

  it('never replaces a toast raised while it waited before that one had its own handover', () => {
    toast({ title: 'Comment Posted' })
    showPointsToast(10)
    vi.advanceTimersByTime(TOAST_HANDOVER_MS - 200)
    toast({ title: 'Comment Deleted' })
    vi.advanceTimersByTime(200)
    expect(newest()).toBe('Comment Deleted')
    vi.advanceTimersByTime(TOAST_HANDOVER_MS)
    expect(newest()).toBe(POINTS_EARNED)
  })
})
