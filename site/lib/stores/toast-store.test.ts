import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST } from '../../../shared/constants'
import { TOAST_EVENT, TOAST_HOTKEY } from './toast-keys'
import { queueToastForNextPage, takeQueuedToast, toast, useToastStore } from './toast-store'

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('sessionStorage', memoryStorage())
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('toast store', () => {
  it('keeps one toast at a time, newest first', () => {
    toast({ title: 'First' })
    toast({ title: 'Second', variant: 'destructive' })
    const { toasts } = useToastStore.getState()
    expect(toasts).toHaveLength(TOAST.limit)
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true })
  })

  it('hides a dismissed toast at once and forgets it after the remove delay', () => {
    const id = toast({ title: 'Bye' })
    useToastStore.getState().dismiss(id)
    expect(useToastStore.getState().toasts[0]).toMatchObject({ id, open: false })
    vi.advanceTimersByTime(TOAST.removeDelayMs)
    expect(useToastStore.getState().toasts).toEqual([])
  })
})

describe('waking the viewport', () => {
  it("answers the spec's hotkey", () => {
    expect(TOAST_HOTKEY).toBe(TOAST.hotkey)
  })

  it('announces every toast on window, so the lazily hydrated viewport loads and shows it', () => {
    const target = new EventTarget()
    vi.stubGlobal('window', target)
    const seen = vi.fn()
    target.addEventListener(TOAST_EVENT, seen)
    toast({ title: 'Bookmark added' })
    expect(seen).toHaveBeenCalledTimes(1)
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Bookmark added', open: true })
  })
})

describe('queued toasts', () => {
  it('survive to the next page exactly once', () => {
    queueToastForNextPage({ title: 'Login Successful', description: 'Welcome back, jane!' })
    expect(takeQueuedToast()).toEqual({ title: 'Login Successful', description: 'Welcome back, jane!', variant: 'default' })
    expect(takeQueuedToast()).toBeNull()
  })

  it('ignores malformed stored values', () => {
    sessionStorage.setItem('voj:pending-toast', '{"nope":1}')
    expect(takeQueuedToast()).toBeNull()
    sessionStorage.setItem('voj:pending-toast', 'not json')
    expect(takeQueuedToast()).toBeNull()
  })
})
