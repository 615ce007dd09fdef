// Shared by the toast store and the `client:toast` directive (kept free of imports so the
// directive's inline script stays tiny).

/** sessionStorage key of the toast queued for the next page. */
export const PENDING_TOAST_KEY = 'voj:pending-toast'

/** Window event the store fires when a toast is raised, so the viewport hydrates to show it. */
export const TOAST_EVENT = 'voj:toast'

/** The viewport's hotkey (SPEC: F8), here too so the directive can answer it before hydration. */
export const TOAST_HOTKEY = 'F8'
