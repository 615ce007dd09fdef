// Server-side syntax highlighting of a post's code blocks (shiki, JavaScript regex engine: no
// WebAssembly, nothing fetched). Loaded lazily, the first time a body with a code block renders,
// so a server that never shows one never pays for the grammars.
import type { HighlighterCore, ThemedToken } from 'shiki/core'

import { CODE_LANGUAGES, toCodeLanguage } from '../../../shared/code-languages'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHTML = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** One theme per site theme; each token carries both colours as CSS variables (PostContent.astro picks one). */
const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const

/** The grammars loaded below: every language of the set but plain text. */
const GRAMMARS = Object.keys(CODE_LANGUAGES).filter((lang) => lang !== 'plaintext')

let loading: Promise<HighlighterCore> | null = null

/** The highlighter with the grammars of shared/code-languages.ts and both themes; one per process. */
export function loadHighlighter(): Promise<HighlighterCore> {
  loading ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')])
    const highlighter = await createHighlighterCore({
      engine: createJavaScriptRegexEngine({ forgiving: true }),
      themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
      langs: [
        import('shiki/langs/bash.mjs'),
        import('shiki/langs/css.mjs'),
        import('shiki/langs/html.mjs'),
        import('shiki/langs/javascript.mjs'),
        import('shiki/langs/json.mjs'),
        import('shiki/langs/markdown.mjs'),
        import('shiki/langs/python.mjs'),
        import('shiki/langs/sql.mjs'),
        import('shiki/langs/typescript.mjs'),
        import('shiki/langs/yaml.mjs'),
      ],
    })
    // Seen with shiki 4.6 and these grammars together: the first two-theme pass after loading
    // sometimes tokenised a TypeScript line after a // comment as comment in the light theme only
    // (not with TypeScript alone). One throwaway pass per language at load has kept it right.
    for (const lang of GRAMMARS) highlighter.codeToTokens('// x\nx', { lang, themes: THEMES, defaultColor: false })
    return highlighter
  })()
  loading.catch(() => {
    loading = null // a failed load is tried again next time
  })
  return loading
}

// Only these style properties and values come out of a token: colours and font styles, nothing a
// theme (or a future shiki) could smuggle in.
const STYLE_PROPERTY = /^--shiki-(?:light|dark)(?:-font-style|-font-weight|-text-decoration)?$/
const STYLE_VALUE = /^(?:#[0-9a-fA-F]{3,8}|italic|bold|underline|normal|none|inherit)$/

function tokenStyle(token: ThemedToken): string {
  const style = token.htmlStyle ?? {}
  return Object.entries(style)
    .filter(([property, value]) => STYLE_PROPERTY.test(property) && STYLE_VALUE.test(String(value)))
    .map(([property, value]) => `${property}:${value}`)
    .join(';')
}

/**
 * `code` as a highlighted <pre>: every token's text escaped, only colour and font-style values in
 * its style. Without a highlighter (not loaded) or for plain text: the escaped code, unhighlighted.
 */
export function highlightCode(highlighter: HighlighterCore | null, code: string, language: unknown): string {
  const lang = toCodeLanguage(language)
  const label = ` data-language="${lang}"`
  if (!highlighter || lang === 'plaintext') return `<pre class="code-block"${label}><code>${escapeHTML(code)}</code></pre>`
  const lines = highlighter.codeToTokens(code, { lang, themes: THEMES, defaultColor: false }).tokens
  const html = lines
    .map((line) => `<span class="line">${line.map((token) => `<span style="${tokenStyle(token)}">${escapeHTML(token.content)}</span>`).join('')}</span>`)
    .join('\n')
  return `<pre class="code-block shiki"${label}><code>${html}</code></pre>`
}
