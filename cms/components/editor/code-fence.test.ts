import { describe, expect, it } from 'vitest'

import { codeFenceLanguage } from './code-fence'

describe('codeFenceLanguage', () => {
  it.each([
    ['```', 'plaintext'],
    ['```ts', 'typescript'],
    ['  ```js ', 'javascript'],
  ])('%s opens a code block in %s', (line, language) => {
    expect(codeFenceLanguage(line)).toBe(language)
  })

  it.each(['``', '```ts x', 'text ```', '````', '```"><script>'])('%s opens none', (line) => {
    expect(codeFenceLanguage(line)).toBeNull()
  })
})
