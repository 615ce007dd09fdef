import { describe, expect, it } from 'vitest'

import { EARLY_CLICK_SCRIPT } from './inline-scripts'

type Listener = (event: unknown) => void

/** Just enough of an element for the script: closest(), listeners, disabled, click(). */
class FakeElement {
  ssr = false
  disabled = false
  isConnected = true
  clicks = 0
  parent: FakeElement | null = null
  private listeners = new Map<string, Listener[]>()
  constructor(
    private kind: 'island' | 'button' | 'link' | 'tab-link',
    private onClick?: (target: FakeElement) => void,
  ) {}
  inside(parent: FakeElement) {
    this.parent = parent
    return this
  }
  closest(selector: string): FakeElement | null {
    const matches = (el: FakeElement) =>
      selector === 'astro-island[ssr]' ? el.kind === 'island' && el.ssr : selector === 'a[href]' ? el.kind.endsWith('link') : el.kind === 'button' || el.kind === 'tab-link'
    return matches(this) ? this : (this.parent?.closest(selector) ?? null)
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.set(type, (this.listeners.get(type) ?? []).filter((l) => l !== listener))
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ type })
  }
  /** A click as the browser dispatches it: the document's capturing listener first, then the default unless prevented. */
  click() {
    click(this)
  }
}

let click: (target: FakeElement) => void = () => {}

/** Runs the script against a fake document; returns the island and a way to press its controls. */
function install() {
  let listener: Listener | undefined
  const document = {
    addEventListener: (type: string, l: Listener, capture: unknown) => {
      expect({ type, capture }).toEqual({ type: 'click', capture: true })
      listener = l
    },
  }
  new Function('document', 'Element', EARLY_CLICK_SCRIPT)(document, FakeElement)
  const acted: FakeElement[] = []
  click = (target) => {
    let prevented = false
    listener!({ target, preventDefault: () => (prevented = true) })
    if (!prevented) acted.push(target)
  }
  const island = new FakeElement('island')
  island.ssr = true
  return { island, acted }
}

describe('EARLY_CLICK_SCRIPT', () => {
  it('holds presses on an island that is not live and gives them again, in order, once it is', () => {
    const { island, acted } = install()
    const first = new FakeElement('button').inside(island)
    const second = new FakeElement('button').inside(island)
    first.click()
    second.click()
    expect(acted).toEqual([])
    island.ssr = false
    island.fire('astro:hydrate')
    expect(acted).toEqual([first, second])
    // Live now: a press goes straight through, and the hydrate listener is gone.
    first.click()
    island.fire('astro:hydrate')
    expect(acted).toEqual([first, second, first])
  })

  it('lets presses go through natively when the island code fails to load', () => {
    const { island, acted } = install()
    const button = new FakeElement('button').inside(island)
    button.click()
    island.fire('astro:hydration-error')
    expect(acted).toEqual([button])
    button.click()
    expect(acted).toEqual([button, button])
  })

  it('leaves links, disabled buttons, live islands and the rest of the page alone', () => {
    const { island, acted } = install()
    const link = new FakeElement('link').inside(island)
    const tabLink = new FakeElement('tab-link').inside(island)
    const disabled = new FakeElement('button').inside(island)
    disabled.disabled = true
    const outside = new FakeElement('button')
    const live = new FakeElement('island')
    const inLive = new FakeElement('button').inside(live)
    for (const target of [link, tabLink, disabled, outside, inLive]) target.click()
    expect(acted).toEqual([link, tabLink, disabled, outside, inLive])
  })

  it('drops a held press whose control went away before the island was live', () => {
    const { island, acted } = install()
    const button = new FakeElement('button').inside(island)
    button.click()
    button.isConnected = false
    island.ssr = false
    island.fire('astro:hydrate')
    expect(acted).toEqual([])
  })
})
