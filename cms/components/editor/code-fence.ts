import { toCodeLanguage } from '../../../shared/code-languages'

/**
 * The language a line that is only a code fence opens ('```' → 'plaintext', '```ts' → 'typescript'),
 * or null when the line is anything else. The language is one the code block offers (toCodeLanguage).
 */
export function codeFenceLanguage(line: string): string | null {
  const match = /^```([A-Za-z0-9+#-]{0,20})$/.exec(line.trim())
  return match ? toCodeLanguage(match[1] ?? '') : null
}
