// `client:toast` — the page's toast viewport hydrates when there is something to show: a toast
// raised by an island (the toast store announces it with TOAST_EVENT), or one queued by the
// previous page for this one (sessionStorage). Pages nobody interacts with never load it. The
// hotkey works before that: F8 moves focus to the server-rendered viewport, and wakes it.
import type { ClientDirective } from 'astro'

import { queuedFeedbackHeld } from '../lib/stores/feedback-hold'
import { PENDING_TOAST_KEY, TOAST_EVENT, TOAST_HOTKEY } from '../lib/stores/toast-keys'

const toast: ClientDirective = (load, _options, el) => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    window.removeEventListener(TOAST_EVENT, start)
    void load().then((hydrate) => hydrate())
  }
  window.addEventListener(TOAST_EVENT, start)
  window.addEventListener('keydown', (event) => {
    if (event.key !== TOAST_HOTKEY || started) return
    event.preventDefault()
    el.querySelector<HTMLElement>('[tabindex="-1"]')?.focus()
    start()
  })
  try {
    if (sessionStorage.getItem(PENDING_TOAST_KEY) && !queuedFeedbackHeld()) start()
  } catch {
    // Storage blocked: nothing can have been queued.
  }
}

export default toast
