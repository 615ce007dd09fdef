import 'astro'

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch or focus on the island (site/directives/interaction.ts). */
    'client:interaction'?: boolean
    /** Hydrate at once; a submit sent before that is held and sent again (site/directives/form.ts). */
    'client:form'?: boolean
    /** Hydrate when a toast is raised or was queued by the previous page (site/directives/toast.ts). */
    'client:toast'?: boolean
    /** Hydrate when the member's first points award of the page arrives (site/directives/award.ts). */
    'client:award'?: boolean
    /** Hydrate when the page's comment count first changes (site/directives/count.ts). */
    'client:count'?: boolean
  }
}
