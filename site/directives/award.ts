// `client:award` — the points feedback island hydrates when the member's first award of the page
// arrives (the points store announces it with AWARD_EVENT), or at once when the previous page left
// one for this page (sessionStorage). Pages where nothing is earned never load it.
import type { ClientDirective } from 'astro'

import { queuedFeedbackHeld } from '../lib/stores/feedback-hold'
import { AWARD_EVENT, PENDING_AWARDS_KEY } from '../lib/stores/points-keys'

const award: ClientDirective = (load) => {
  const start = () => {
    window.removeEventListener(AWARD_EVENT, start)
    void load().then((hydrate) => hydrate())
  }
  window.addEventListener(AWARD_EVENT, start)
  try {
    if (sessionStorage.getItem(PENDING_AWARDS_KEY) && !queuedFeedbackHeld()) start()
  } catch {
    // Storage blocked: nothing can have been left for this page.
  }
}

export default award
