// Free of imports: the `client:toast` and `client:award` directives inline it.

/**
 * A page that opens with an offer dialog the member must answer first (/welcome-premium) carries
 * `data-hold-feedback` on <body>: the toast and the points feedback the previous page queued stay
 * queued (sessionStorage) and play on the next page, after the dialog, instead of covering it.
 */
export const HOLD_FEEDBACK_ATTRIBUTE = 'data-hold-feedback'

export const queuedFeedbackHeld = (): boolean => typeof document !== 'undefined' && Boolean(document.body?.hasAttribute(HOLD_FEEDBACK_ATTRIBUTE))
