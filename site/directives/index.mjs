// @ts-check
// The site's own hydration directives (see interaction.ts, toast.ts, form.ts, award.ts and count.ts).
import { fileURLToPath } from 'node:url'

/** @returns {import('astro').AstroIntegration} */
export default function clientDirectives() {
  return {
    name: 'site-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) })
        addClientDirective({ name: 'form', entrypoint: fileURLToPath(new URL('./form.ts', import.meta.url)) })
        addClientDirective({ name: 'toast', entrypoint: fileURLToPath(new URL('./toast.ts', import.meta.url)) })
        addClientDirective({ name: 'award', entrypoint: fileURLToPath(new URL('./award.ts', import.meta.url)) })
        addClientDirective({ name: 'count', entrypoint: fileURLToPath(new URL('./count.ts', import.meta.url)) })
      },
    },
  }
}
