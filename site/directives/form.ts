// `client:form` — hydrate at once, like `client:load`, but never lose a submit that lands first.
//
// A form is on the page (server-rendered) before its code has run. A reader — or a password
// manager — can fill it and press Enter in that window; the browser would then send the native
// form post, reload the page and drop what was typed. The submit is held back instead and sent
// again once the island is live; the form reads what is in its fields at that moment.
import type { ClientDirective } from 'astro'

import { FORM_LIVE_ATTRIBUTE as LIVE_ATTRIBUTE } from './form-live'


/** Resolves once the form carries LIVE_ATTRIBUTE, or after `ms` (then the browser's own post is the fallback). */
function whenLive(form: HTMLFormElement, ms = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (form.hasAttribute(LIVE_ATTRIBUTE)) return resolve()
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    const observer = new MutationObserver(() => {
      if (form.hasAttribute(LIVE_ATTRIBUTE)) done()
    })
    observer.observe(form, { attributes: true, attributeFilter: [LIVE_ATTRIBUTE] })
    const timer = setTimeout(done, ms)
  })
}

const form: ClientDirective = (load, _options, el) => {
  const hydrated = (async () => {
    const hydrate = await load()
    await hydrate()
  })()
  let replaying = false

  // Stays for the page's life; once a form is live its submits pass straight through.
  el.addEventListener(
    'submit',
    (event) => {
      const target = event.target
      if (!(target instanceof HTMLFormElement) || target.hasAttribute(LIVE_ATTRIBUTE)) return
      event.preventDefault()
      event.stopPropagation()
      if (replaying) return
      replaying = true
      const submitter = (event as SubmitEvent).submitter
      const button = (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === target ? submitter : undefined
      // React hydrates in a transition: its handlers are live only once the form has committed.
      void hydrated
        .then(() => whenLive(target))
        .finally(() => {
          replaying = false
          if (!target.isConnected) return
          // Still not live (its code failed to load): the browser's own post, as without the directive.
          if (!target.hasAttribute(LIVE_ATTRIBUTE)) target.setAttribute(LIVE_ATTRIBUTE, '')
          target.requestSubmit(button)
        })
    },
    true,
  )
}

export default form
