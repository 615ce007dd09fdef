import path from 'node:path'

/**
 * Where `npm run build` puts the site and the admin. BUILD_NAME (optional) gives a separate
 * pair of folders, so several checkouts' builds and test servers can run side by side.
 */
export function buildPaths(root: string, name = process.env.BUILD_NAME) {
  const suffix = name ? `-${name.replace(/[^a-z0-9_-]/gi, '')}` : ''
  return {
    siteDir: path.join(root, `dist${suffix}`),
    nextDir: path.join(root, 'cms', `.next${suffix}`),
  }
}
