// @ts-check
// The site's own hydration directives (see interaction.ts and toast.ts).
import { fileURLToPath } from 'node:url'

/** @returns {import('astro').AstroIntegration} */
export default function clientDirectives() {
  return {
    name: 'site-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) })
        addClientDirective({ name: 'toast', entrypoint: fileURLToPath(new URL('./toast.ts', import.meta.url)) })
      },
    },
  }
}
