// `client:count` — a comment count outside the comments section (the facts line, the Engagement
// card) hydrates when the count first changes on the page (the comment count store announces it
// with COMMENT_COUNT_EVENT). A reader who posts or deletes nothing never loads it.
import type { ClientDirective } from 'astro'

import { COMMENT_COUNT_EVENT } from '../lib/stores/comment-count-keys'

const count: ClientDirective = (load) => {
  const start = () => {
    window.removeEventListener(COMMENT_COUNT_EVENT, start)
    void load().then((hydrate) => hydrate())
  }
  window.addEventListener(COMMENT_COUNT_EVENT, start)
}

export default count
