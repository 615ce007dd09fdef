// `client:award` — the points feedback island hydrates when the member's first award of the page
// arrives (the points store announces it with AWARD_EVENT). Pages where nothing is earned never load it.
import type { ClientDirective } from 'astro'

import { AWARD_EVENT } from '../lib/stores/points-keys'

const award: ClientDirective = (load) => {
  const start = () => {
    window.removeEventListener(AWARD_EVENT, start)
    void load().then((hydrate) => hydrate())
  }
  window.addEventListener(AWARD_EVENT, start)
}

export default award
