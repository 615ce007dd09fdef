// `client:interaction` — hydrate an island when the reader reaches for it, not on page load.
//
// The island's server-rendered HTML is on the page from the start (it reads and looks the same);
// its JavaScript — React included — is fetched the first time a pointer moves over it, a finger
// touches it, keyboard focus enters it, or a press lands on it. Readers who only read download none
// of it.
//
// A press (click, or Enter/Space on a button) that lands before hydration has finished is held
// back and replayed on the same control once the island is live, so the first press is never lost:
// BaseLayout's EARLY_CLICK_SCRIPT does that for every island, whatever its directive.
import type { ClientDirective } from 'astro'

const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'click'] as const

const interaction: ClientDirective = (load, _options, el) => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of INTENT_EVENTS) el.removeEventListener(type, start, true)
    void (async () => {
      const hydrate = await load()
      await hydrate()
    })()
  }
  for (const type of INTENT_EVENTS) el.addEventListener(type, start, { capture: true, passive: true })
}

export default interaction
