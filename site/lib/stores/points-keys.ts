// Shared by the points store and the `client:award` directive (kept free of imports so the
// directive's inline script stays tiny).

/** Window event the points store fires when an award arrives, so the feedback island hydrates. */
export const AWARD_EVENT = 'voj:award'

/** Window queue of awards claimed by the member inline script (site/layouts/inline-scripts.ts), drained by the points store. */
export const WINDOW_AWARDS = '__vojAwards'

/** sessionStorage: awards earned by an action that then left the page (registration, age verification), played on the next page. */
export const PENDING_AWARDS_KEY = 'voj:pending-awards'
