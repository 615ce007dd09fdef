// `client:interaction` — hydrate an island when the reader reaches for it, not on page load.
//
// The island's server-rendered HTML is on the page from the start (it reads and looks the same);
// its JavaScript — React included — is fetched the first time a pointer moves over it, a finger
// touches it, or keyboard focus enters it. Readers who only read download none of it.
//
// A click (or Enter/Space on a button) that lands before hydration has finished is held back and
// replayed on the same element once the island is live, so the first press is never lost. Links
// keep their normal behaviour: they work without JavaScript.
import type { ClientDirective } from 'astro'

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const
const REPLAYABLE = 'button, [role="button"], [role="menuitem"], [role="switch"], [role="tab"], summary'

const interaction: ClientDirective = (load, _options, el) => {
  let started = false
  let live = false
  let held: HTMLElement | null = null

  const start = () => {
    if (started) return
    started = true
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start)
    void (async () => {
      try {
        const hydrate = await load()
        await hydrate()
      } finally {
        live = true
        el.removeEventListener('click', hold, true)
        const target = held
        held = null
        // React attaches its listeners when the root is created and hydrates synchronously for a
        // discrete event, so the replayed click reaches the component's handler.
        if (target?.isConnected) target.click()
      }
    })()
  }

  function hold(event: Event) {
    if (live) return
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(REPLAYABLE) : null
    if (target && el.contains(target) && !(target as HTMLButtonElement).disabled) {
      event.preventDefault()
      event.stopPropagation()
      held = target
    }
    start()
  }

  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { passive: true })
  el.addEventListener('click', hold, true)
}

export default interaction
