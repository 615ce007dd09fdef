// The fixed scripts BaseLayout inlines into every page. They are inline because they must run
// Before the first paint or before the body is parsed; the site's CSP allows exactly these texts
// by their sha256 (server/content-security-policy.ts), so any edit here changes the hash with it.
import { SCROLL_TOP_REPEAT_MS } from '../../shared/constants'
import { FAILED_TO_AWARD_POINTS } from '../../shared/messages'
import { BLOG_READ_MIN_SECONDS } from '../../shared/points'
import { AWARD_EVENT, WINDOW_AWARDS } from '../lib/stores/points-keys'
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

/** What a press can land on that an island's code acts on. Links are left alone: they work without it. */
export const EARLY_CLICK_TARGETS = 'button,[role="button"],[role="menuitem"],[role="switch"],[role="tab"],summary'

/**
 * A press on an island's control before its code has run is not lost, whatever the
 * island's client directive (load, idle, visible, interaction, form). Until Astro hydrates the
 * island (it drops the `ssr` attribute, then fires astro:hydrate) the press's default is held back
 * (a submit button would post the form natively and reload) and, in order, the presses are given
 * again to the same controls once it is live: React hydrates synchronously for a click on a root
 * still hydrating, so the first press reaches its handler. If the island's code fails to load the
 * presses go through natively, as without JavaScript. A link (even one styled as a tab or a button)
 * is never held: it navigates as it would without JavaScript. Nothing is stopped from propagating: the
 * island's own directive still sees the press as the reader's intent (site/directives/interaction.ts).
 */
export const EARLY_CLICK_SCRIPT = `document.addEventListener("click",function(e){var t=e.target instanceof Element?e.target.closest('${EARLY_CLICK_TARGETS}'):null;if(!t||t.disabled||t.closest("a[href]"))return;var i=t.closest("astro-island[ssr]");if(!i||i.__early===false)return;e.preventDefault();if(i.__early){i.__early.push(t);return}var q=i.__early=[t];function done(failed){i.removeEventListener("astro:hydrate",live);i.removeEventListener("astro:hydration-error",dead);i.__early=failed?false:null;q.forEach(function(x){if(x.isConnected)x.click()})}function live(){done(false)}function dead(){done(true)}i.addEventListener("astro:hydrate",live);i.addEventListener("astro:hydration-error",dead)},true);`

/** The element MEMBER_SCRIPT reads (BaseLayout renders it for members only). */
export const MEMBER_ELEMENT_ID = 'member-points'
/** sessionStorage: the zone already sent this session. localStorage: posts already claimed. */
export const TIME_ZONE_SENT_KEY = 'voj:time-zone-sent'
export const BLOG_READ_KEY_PREFIX = 'voj:blog-read:'
/** A second past the server's minimum, so its clock (which started at the page's render) has passed it. */
export const BLOG_READ_CLAIM_DELAY_MS = (BLOG_READ_MIN_SECONDS + 1) * 1000
/** The time zone goes out once the page has settled, never competing with its loading. */
export const TIME_ZONE_DELAY_MS = 2000

/**
 * For a signed-in member, what only the browser knows, without downloading any module:
 * - its IANA time zone, sent to PUT /api/user/time-zone when it differs from the account's
 *   (data-account-zone), at most once per browser session (the server allows 3 changes a day);
 *   its body is read, so the request ends (an unread body keeps it open to the browser);
 * - on a published post (data-read-slug), blog_read claimed once the post has been open 31 s, at
 *   most once per post in this browser; an award is queued on window and announced with the
 *   award event, which wakes the points feedback island (client:award). A failure is logged only.
 */
export const MEMBER_SCRIPT = `(function(){var m=document.getElementById("${MEMBER_ELEMENT_ID}");if(!m)return;var d=m.dataset;function send(t,u,b){return fetch(u,{method:t,credentials:"include",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(b)})}try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,k="${TIME_ZONE_SENT_KEY}";if(z&&z!==d.accountZone&&sessionStorage.getItem(k)!==z){sessionStorage.setItem(k,z);setTimeout(function(){send("PUT","/api/user/time-zone",{timeZone:z}).then(function(x){return x.text()}).catch(function(){})},${TIME_ZONE_DELAY_MS})}}catch(e){}var s=d.readSlug;if(!s)return;var r="${BLOG_READ_KEY_PREFIX}"+s;try{if(localStorage.getItem(r))return}catch(e){}setTimeout(function(){send("POST","/api/points/award",{activityType:"blog_read",contentType:"blog_post",contentId:s,description:d.readDescription}).then(function(x){if(!x.ok)throw new Error(x.status+": "+x.statusText);return x.json()}).then(function(a){try{localStorage.setItem(r,"1")}catch(e){}(window.${WINDOW_AWARDS}=window.${WINDOW_AWARDS}||[]).push({award:a,activityType:"blog_read",description:d.readDescription});window.dispatchEvent(new Event("${AWARD_EVENT}"))}).catch(function(e){console.warn("${FAILED_TO_AWARD_POINTS}",e)})},${BLOG_READ_CLAIM_DELAY_MS})})();`

/** Every inline script a page of ours carries, besides Astro's own (which Astro hashes itself). */
export const INLINE_SCRIPTS = [THEME_BOOT_SCRIPT, THUMBNAIL_FALLBACK_SCRIPT, EARLY_CLICK_SCRIPT, SCROLL_TOP_SCRIPT, MEMBER_SCRIPT] as const
