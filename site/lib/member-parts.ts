/**
 * A member's own parts of a page that is otherwise the same for everyone of their audience
 * (server/member-page-cache.ts). A page rendered in shell mode marks each part; the marked page is
 * cut into the shell (what everyone of the audience shares) and the parts' specs; each later member
 * gets the shell with their own parts, rendered by /member-parts, spliced back in.
 *
 * Terms:
 * - **part**: a spot of a page that shows who is reading (the account menu, the bookmark state,
 *   the comments with their rights and votes, the greeting in the Premium promo, the home page's
 *   For You items, the member's time zone and reading clock). Its **kind** names the component
 *   that renders it, its **args** what that component needs from the page (never anything of the
 *   member's: the args are stored in the shell).
 * - **marker**: the HTML comments around a part in a shell-mode render. They never reach a browser.
 */

export const PART_KINDS = ['account', 'member-tail', 'premium-promo', 'for-you', 'post-bookmark', 'video-actions', 'comments'] as const
export type PartKind = (typeof PART_KINDS)[number]
export type PartSpec = { kind: PartKind; args: Record<string, unknown> }

const OPEN = '<!--vj-part:'
const OPEN_END = '-->'
const CLOSE = '<!--/vj-part-->'

const encodeArgs = (args: Record<string, unknown>) => Buffer.from(JSON.stringify(args), 'utf8').toString('base64url')

/** The comment that opens a part (its kind and args ride along, base64url: no `--` or `>` inside). */
export const openMarker = (spec: PartSpec) => `${OPEN}${spec.kind}:${encodeArgs(spec.args)}${OPEN_END}`
export const CLOSE_MARKER = CLOSE
/** The comment that opens part number `index` in a /member-parts render. */
export const indexMarker = (index: number) => `${OPEN}${index}${OPEN_END}`

const isKind = (value: string): value is PartKind => (PART_KINDS as readonly string[]).includes(value)

type Cut = { segments: string[]; contents: string[]; heads: string[] }

/** Splits `html` at its markers: n + 1 segments around n part contents, and each opening marker's text. */
function cut(html: string): Cut | null {
  const segments: string[] = []
  const contents: string[] = []
  const heads: string[] = []
  let from = 0
  for (;;) {
    const open = html.indexOf(OPEN, from)
    if (open === -1) break
    const headEnd = html.indexOf(OPEN_END, open + OPEN.length)
    const close = headEnd === -1 ? -1 : html.indexOf(CLOSE, headEnd)
    if (close === -1) return null
    segments.push(html.slice(from, open))
    heads.push(html.slice(open + OPEN.length, headEnd))
    contents.push(html.slice(headEnd + OPEN_END.length, close))
    from = close + CLOSE.length
  }
  segments.push(html.slice(from))
  return { segments, contents, heads }
}

export type Shell = {
  /** The page around its parts: `segments.length === parts.length + 1`. */
  segments: string[]
  parts: PartSpec[]
  /** The page as the member it was rendered for sees it (markers taken out). */
  page: string
}

/** A shell-mode render cut into its shell; null when its markers are not well formed. */
export function parseShell(html: string): Shell | null {
  const found = cut(html)
  if (!found) return null
  const parts: PartSpec[] = []
  for (const head of found.heads) {
    const colon = head.indexOf(':')
    const kind = head.slice(0, colon)
    if (colon === -1 || !isKind(kind)) return null
    try {
      parts.push({ kind, args: JSON.parse(Buffer.from(head.slice(colon + 1), 'base64url').toString('utf8')) as Record<string, unknown> })
    } catch {
      return null
    }
  }
  const page = found.segments.map((segment, i) => (i < found.contents.length ? segment + found.contents[i] : segment)).join('')
  return { segments: found.segments, parts, page }
}

const ISLAND_PREFIX = /\bprefix="r(\d+)"/g
const REACT_ID = /_r(\d+)R_/g
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g
/** Astro's island loader and its client directives: they only define things, so they may go earlier. */
const ASTRO_BOOTSTRAP = /^<script>[\s\S]*(?:\(self\.Astro\|\|\(self\.Astro=\{\}\)\)|customElements\.define\("astro-island")/

/**
 * A part as /member-parts rendered it: its HTML without Astro's bootstrap scripts, and every such
 * script that render had emitted up to and including it (the island loader and the directive an
 * island waits on come with the first island that needs them, which may be in an earlier part).
 */
export type RenderedPart = { content: string; scripts: string[] }

/** The parts of a /member-parts render, in order; null unless there are exactly `count`. */
export function parseParts(html: string, count: number): RenderedPart[] | null {
  const found = cut(html)
  if (!found || found.contents.length !== count || !found.heads.every((head, i) => head === String(i))) return null
  const emitted: string[] = []
  return found.contents.map((raw) => {
    const content = raw.replace(SCRIPT, (script) => {
      if (!ASTRO_BOOTSTRAP.test(script)) return script
      emitted.push(script)
      return ''
    })
    return { content, scripts: [...emitted] }
  })
}

/**
 * Fills the shell with a member's parts, which may come from different /member-parts renders.
 * Each render numbers React's id prefixes from zero (`r0`, `r1`… one per island), so part i's are
 * renamed `p{i}r0`, `p{i}r1`…: no id on the page is used twice. A script a part needs goes before
 * it unless the page already has the very same script earlier.
 */
export function splice(shell: Pick<Shell, 'segments'>, parts: readonly RenderedPart[], scriptsBefore: readonly (readonly string[])[]): string {
  const seen = new Set<string>()
  let out = ''
  for (let i = 0; i < shell.segments.length; i++) {
    out += shell.segments[i]
    const part = parts[i]
    if (!part) continue
    for (const script of scriptsBefore[i] ?? []) seen.add(script)
    for (const script of part.scripts) {
      if (seen.has(script)) continue
      out += script
      seen.add(script)
    }
    out += part.content.replace(ISLAND_PREFIX, `prefix="p${i}r$1"`).replace(REACT_ID, `_p${i}r$1R_`)
    for (const script of part.content.match(SCRIPT) ?? []) seen.add(script)
  }
  return out
}

/** The inline scripts of each segment, for `splice`: what the page already has before each part. */
export function scriptsOfSegments(segments: readonly string[]): string[][] {
  return segments.map((segment) => segment.match(SCRIPT) ?? [])
}

/** The args of each kind (what the page hands its part). */
export type MemberTailArgs = { blogRead: { slug: string; title: string } | null }
export type PostBookmarkArgs = { postId: number; slug: string; title: string; featuredImage: string | null; published: boolean }
export type VideoActionsArgs = { video: { videoId: string; title: string; thumbnailUrl: string }; shareUrl: string }
export type CommentsArgs = { videoId: string }
