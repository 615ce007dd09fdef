// The languages a post's code block may be highlighted as (the editor's menu, the server's
// highlighter): a small fixed set, so the highlighter loads only these grammars.

export const CODE_LANGUAGES = {
  plaintext: 'Plain text',
  bash: 'Shell',
  css: 'CSS',
  html: 'HTML',
  javascript: 'JavaScript',
  json: 'JSON',
  markdown: 'Markdown',
  python: 'Python',
  sql: 'SQL',
  typescript: 'TypeScript',
  yaml: 'YAML',
} as const

export type CodeLanguage = keyof typeof CODE_LANGUAGES

const ALIASES: Record<string, CodeLanguage> = {
  '': 'plaintext',
  text: 'plaintext',
  txt: 'plaintext',
  plain: 'plaintext',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  js: 'javascript',
  mjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  md: 'markdown',
  py: 'python',
  yml: 'yaml',
  htm: 'html',
  xml: 'html',
}

/** A fence's info string (```ts) or a stored value as one of CODE_LANGUAGES; anything else is plain text. */
export function toCodeLanguage(value: unknown): CodeLanguage {
  const key = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (Object.hasOwn(CODE_LANGUAGES, key)) return key as CodeLanguage
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : 'plaintext'
}
