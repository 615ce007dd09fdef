// Run by `npm install` (postinstall). The creator's editor shows every date in the site's one time
// zone (shared/constants.ts SITE_TIME_ZONE), as Schedule Publish and the site do. Payload's
// `formatDate` takes a time zone, but its version history (the versions list, the compare header,
// the version pills) and list cells call it without one: the header is formatted on the server (the
// server's zone) and the pills in the browser (the reader's), so one page showed two zones.
//
// This gives `formatDate` a default zone, read from `globalThis.__cmsDisplayTimeZone` (set by
// payload.config.ts on the server and cms/components/SiteTimeZoneProvider.tsx in the browser).
// It edits Payload's built files in node_modules, is safe to run again, and stops the install
// with a clear message if a Payload upgrade changed the code it edits.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const MARK = 'globalThis.__cmsDisplayTimeZone'
// `({date:e,i18n:t,pattern:r,timezone:o})=>{` in the bundles, whatever the minifier named them.
const MINIFIED = /(\(\{date:[\w$]+,i18n:[\w$]+,pattern:[\w$]+,timezone:([\w$]+)\}\)=>\{)/
const SOURCE = /(export const formatDate = \(\{\n\s+date,\n\s+i18n,\n\s+pattern,\n\s+timezone\n\}\) => \{\n)/

const FILES: { file: string; pattern: RegExp; insert: (match: RegExpExecArray) => string }[] = [
  { file: 'node_modules/@payloadcms/ui/dist/exports/shared/index.js', pattern: MINIFIED, insert: (m) => `${m[2]}??=${MARK};` },
  { file: 'node_modules/@payloadcms/ui/dist/exports/client/index.js', pattern: MINIFIED, insert: (m) => `${m[2]}??=${MARK};` },
  { file: 'node_modules/@payloadcms/ui/dist/utilities/formatDocTitle/formatDateTitle.js', pattern: SOURCE, insert: () => `  timezone ??= ${MARK};\n` },
]

export function patchFormatDate(root = ROOT): string[] {
  const changed: string[] = []
  for (const { file, pattern, insert } of FILES) {
    const full = path.join(root, file)
    const text = readFileSync(full, 'utf8')
    const match = pattern.exec(text)
    if (!match) throw new Error(`${file}: Payload's formatDate is not where this patch expects it (was Payload upgraded?); see server/cms-time-zone-patch.ts`)
    const at = match.index + match[1]!.length
    const addition = insert(match)
    if (text.slice(at, at + addition.length) === addition) continue
    writeFileSync(full, text.slice(0, at) + addition + text.slice(at))
    changed.push(file)
  }
  return changed
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const changed = patchFormatDate()
  if (changed.length > 0) console.log(`/cms dates in the site's time zone: patched ${changed.join(', ')}`)
}
