import { describe, expect, it } from 'vitest'

import { referencedScripts, staticImports } from './js-size'

const page = `
<script type="module" src="/_astro/page.js"></script>
<astro-island uid="a" component-url="/_astro/Player.js" renderer-url="/_astro/client.js" ssr client="idle"></astro-island>
<astro-island uid="b" component-url="/_astro/ThemeToggle.js" renderer-url="/_astro/client.js" ssr client="interaction"></astro-island>
<astro-island uid="c" component-url="/_astro/Toaster.js" renderer-url="/_astro/client.js" ssr client="toast"></astro-island>
<astro-island uid="d" component-url="/_astro/Comments.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>
<link rel="modulepreload" href="/_astro/chunk.js">`

describe('JS a page asks for', () => {
  it('leaves islands that wait for an interaction out of the page-load set, and counts them after', () => {
    const onLoad = referencedScripts(page, 'http://x/post/a', 'load').map((u) => new URL(u).pathname)
    expect(onLoad.sort()).toEqual(['/_astro/Comments.js', '/_astro/Player.js', '/_astro/chunk.js', '/_astro/client.js', '/_astro/page.js'])
    const all = referencedScripts(page, 'http://x/post/a', 'interaction').map((u) => new URL(u).pathname)
    expect(all).toEqual(expect.arrayContaining(['/_astro/ThemeToggle.js', '/_astro/Toaster.js']))
    expect(all).toHaveLength(7)
  })

  it('a page whose islands all wait ships none of their code on load', () => {
    const html = '<astro-island component-url="/_astro/A.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>'
    expect(referencedScripts(html, 'http://x/', 'load')).toEqual([])
  })

  it('follows static imports, relative to the module', () => {
    const code = 'import{a as b}from"./client.DnS9v0uh.js";import "./side.js";export{c}from"../x/y.js";const l=()=>import("./lazy.js")'
    expect(staticImports(code, 'http://x/_astro/Toggle.js')).toEqual([
      'http://x/_astro/client.DnS9v0uh.js',
      'http://x/_astro/side.js',
      'http://x/x/y.js',
    ])
  })
})
