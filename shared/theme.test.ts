import { afterEach, describe, expect, it, vi } from 'vitest'
import { THEME_BOOT_SCRIPT, applyTheme, resolveTheme, toggleTheme } from './theme'

describe('resolveTheme', () => {
  it.each([
    [0, 'dark'],
    [5, 'dark'],
    [6, 'light'],
    [12, 'light'],
    [17, 'light'],
    [18, 'dark'],
    [23, 'dark'],
  ])('with nothing stored, hour %i is %s', (hour, theme) => {
    expect(resolveTheme(null, hour)).toBe(theme)
  })

  it('lets a stored choice win over the hour', () => {
    expect(resolveTheme('light', 22)).toBe('light')
    expect(resolveTheme('dark', 12)).toBe('dark')
  })

  it('ignores a stored value that is not a theme', () => {
    expect(resolveTheme('purple', 12)).toBe('light')
    expect(resolveTheme('', 20)).toBe('dark')
  })
})

function fakeRoot() {
  const classes = new Set<string>()
  return {
    dataset: {} as Record<string, string>,
    style: {} as Record<string, string>,
    classList: {
      add: (c: string) => void classes.add(c),
      remove: (c: string) => void classes.delete(c),
      contains: (c: string) => classes.has(c),
      toggle: (c: string, on?: boolean) => {
        const next = on ?? !classes.has(c)
        if (next) classes.add(c)
        else classes.delete(c)
        return next
      },
    },
  }
}

function fakeStorage(initial: Record<string, string> = {}) {
  const data = { ...initial }
  return {
    data,
    getItem: (k: string) => data[k] ?? null,
    setItem: (k: string, v: string) => void (data[k] = v),
  }
}

function boot(stored: string | null, localHour: number, storageThrows = false) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2025, 0, 15, localHour, 30))
  const root = fakeRoot()
  const storage = storageThrows
    ? { getItem: () => { throw new Error('SecurityError') } }
    : fakeStorage(stored === null ? {} : { theme: stored })
  new Function('document', 'localStorage', THEME_BOOT_SCRIPT)({ documentElement: root }, storage)
  return root
}

describe('THEME_BOOT_SCRIPT', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sets night + dark class at 18:30 local time with nothing stored', () => {
    const root = boot(null, 18)
    expect(root.dataset.theme).toBe('night')
    expect(root.classList.contains('dark')).toBe(true)
  })

  it('sets day and no dark class at 06:30 local time', () => {
    const root = boot(null, 6)
    expect(root.dataset.theme).toBe('day')
    expect(root.classList.contains('dark')).toBe(false)
  })

  it('is dark at 05:30 and light at 17:30', () => {
    expect(boot(null, 5).dataset.theme).toBe('night')
    expect(boot(null, 17).dataset.theme).toBe('day')
  })

  it("uses the stored 'theme' choice", () => {
    expect(boot('light', 23).dataset.theme).toBe('day')
    expect(boot('dark', 12).dataset.theme).toBe('night')
  })

  it('still resolves by the hour when localStorage throws', () => {
    expect(boot(null, 20, true).dataset.theme).toBe('night')
  })
})

describe('applyTheme / toggleTheme', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("applies the theme to <html> and stores it under 'theme'", () => {
    const root = fakeRoot()
    const storage = fakeStorage()
    vi.stubGlobal('document', { documentElement: root })
    vi.stubGlobal('localStorage', storage)

    applyTheme('dark')
    expect(root.dataset.theme).toBe('night')
    expect(root.classList.contains('dark')).toBe(true)
    expect(storage.data.theme).toBe('dark')

    expect(toggleTheme()).toBe('light')
    expect(root.dataset.theme).toBe('day')
    expect(root.classList.contains('dark')).toBe(false)
    expect(storage.data.theme).toBe('light')
  })
})
