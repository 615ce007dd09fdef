// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, fontProviders } from 'astro/config'

import { ASTRO_CSP } from './server/content-security-policy'
import clientDirectives from './site/directives/index.mjs'

// BUILD_NAME (optional) builds into dist-<name>/, beside other builds (see server/build-paths.ts).
const outDir = process.env.BUILD_NAME ? `./dist-${process.env.BUILD_NAME.replace(/[^a-z0-9_-]/gi, '')}` : './dist'

// The site is server-rendered by Astro in middleware mode; server/index.ts mounts the
// handler on Express next to the Payload admin (Next.js) and the media routes.
export default defineConfig({
  srcDir: './site',
  publicDir: './public',
  outDir,
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives()],
  trailingSlash: 'ignore',
  // site/middleware.ts refuses cross-site writes to /api/* with a JSON { error }; Astro's own
  // check would answer form-encoded ones in plain text first.
  // csp: Astro sends each page's policy as its header, adding the hashes of the inline scripts it
  // emits (island loader, client directives) to ours (server/content-security-policy.ts).
  security: { checkOrigin: false, csp: ASTRO_CSP },
  build: { format: 'directory' },
  // The type pair, self-hosted from the Fontsource packages (no font CDN): Inter for text and
  // Fraunces for headings, each one variable latin woff2 that Astro hashes, serves from /_astro/fonts
  // and preloads (<Font preload> in BaseLayout). Astro's own metric fallbacks name only local('Arial')
  // and local('Times New Roman'), which Linux lacks, so the size-adjusted fallbacks are ours
  // (site/styles/fonts.css) and list the metric-compatible families Linux has as well.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['Inter fallback', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      optimizedFallbacks: false,
      display: 'swap',
      options: {
        variants: [
          { src: ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'], weight: '100 900', style: 'normal' },
          { src: ['@fontsource-variable/inter/files/inter-latin-wght-italic.woff2'], weight: '100 900', style: 'italic' },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Fraunces fallback', 'Georgia', 'serif'],
      optimizedFallbacks: false,
      display: 'swap',
      options: {
        variants: [{ src: ['@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'], weight: '100 900', style: 'normal' }],
      },
    },
  ],
  vite: {
    plugins: [tailwindcss()],
    ssr: {
      // Payload and its database driver stay plain Node modules: one copy in the process,
      // shared with the Next.js admin through getPayload's global cache.
      external: ['payload', '@payloadcms/db-postgres', '@payloadcms/drizzle', '@payloadcms/richtext-lexical', '@payloadcms/next', '@payloadcms/ui', 'pg', 'sharp', 'drizzle-orm', 'graphql'],
    },
  },
})
