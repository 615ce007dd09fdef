import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST } from '../../../shared/constants'
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
