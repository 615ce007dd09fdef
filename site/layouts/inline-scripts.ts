// The fixed scripts BaseLayout inlines into every page. They are inline because they must run
// before the first paint or before the body is parsed; the site's CSP allows exactly these texts
// by their sha256 (server/content-security-policy.ts), so any edit here changes the hash with it.
import { SCROLL_TOP_REPEAT_MS } from '../../shared/constants'
import { THEME_BOOT_SCRIPT } from '../../shared/theme'

export { THEME_BOOT_SCRIPT }

/** Marks a VideoThumbnail <img>; its `data-fallback` (if any) is the still to try after an error. */
export const THUMBNAIL_ATTRIBUTE = 'data-thumbnail'

/**
 * SPEC: on a load error a YouTube still falls back from maxresdefault to hqdefault, once; then the
 * image hides and the frame's gradient shows. Error events do not bubble, so one capturing
 * listener on the document sees every thumbnail's, including images added later. Installed in
 * <head>, before any <img> exists, so no error can fire unseen.
 */
export const THUMBNAIL_FALLBACK_SCRIPT = `document.addEventListener("error",function(e){var i=e.target;if(!(i instanceof HTMLImageElement)||!i.hasAttribute("${THUMBNAIL_ATTRIBUTE}"))return;var f=i.getAttribute("data-fallback");if(f&&i.src!==f){i.src=f}else{i.style.visibility="hidden"}},true);`

/**
 * SPEC §2: on every location change the view scrolls to the top, repeated over the next 100 ms
 * (late layout shifts from images and islands would otherwise leave it mid-page). A URL with a
 * #fragment keeps the browser's jump to its target.
 */
export const SCROLL_TOP_SCRIPT = `(function(){if(location.hash)return;try{history.scrollRestoration="manual"}catch(e){}var t=function(){window.scrollTo(0,0)};t();requestAnimationFrame(t);setTimeout(t,${SCROLL_TOP_REPEAT_MS / 2});setTimeout(t,${SCROLL_TOP_REPEAT_MS})})();`

/** Every inline script a page of ours carries, besides Astro's own (which Astro hashes itself). */
export const INLINE_SCRIPTS = [THEME_BOOT_SCRIPT, THUMBNAIL_FALLBACK_SCRIPT, SCROLL_TOP_SCRIPT] as const
