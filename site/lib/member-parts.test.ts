import { describe, expect, it } from 'vitest'

import { CLOSE_MARKER, indexMarker, openMarker, parseParts, parseShell, scriptsOfSegments, splice } from './member-parts'

const loader = '<script>(()=>{customElements.get("astro-island")||customElements.define("astro-island",class{})})()</script>'
const island = (prefix: string, body: string) => `<astro-island prefix="${prefix}" uid="x"><button aria-controls="radix-_${prefix}R_1_">${body}</button></astro-island>`

const rendered = [
  '<html><body><header>',
  loader,
  island('r0', 'theme'),
  openMarker({ kind: 'account', args: {} }),
  island('r1', 'ada'),
  CLOSE_MARKER,
  '</header><main>',
  openMarker({ kind: 'post-bookmark', args: { slug: 'a-post', title: 'A "post" -->' } }),
  island('r2', 'Bookmarked'),
  CLOSE_MARKER,
  island('r3', 'share'),
  '</main></body></html>',
].join('')

describe('parseShell', () => {
  it('cuts a marked render into the shell, the parts with their args, and the page without markers', () => {
    const shell = parseShell(rendered)!
    expect(shell.parts).toEqual([
      { kind: 'account', args: {} },
      { kind: 'post-bookmark', args: { slug: 'a-post', title: 'A "post" -->' } },
    ])
    expect(shell.segments).toHaveLength(3)
    expect(shell.segments.join('')).not.toContain('ada')
    expect(shell.segments.join('')).not.toContain('Bookmarked')
    expect(shell.page).not.toContain('vj-part')
    expect(shell.page).toContain(island('r1', 'ada'))
    expect(shell.page).toContain(island('r2', 'Bookmarked'))
  })

  it('refuses markers it cannot read: an unknown kind, broken args, an unclosed part', () => {
    expect(parseShell('<!--vj-part:nope:e30-->x<!--/vj-part-->')).toBeNull()
    expect(parseShell('<!--vj-part:account:!!!-->x<!--/vj-part-->')).toBeNull()
    expect(parseShell(`${openMarker({ kind: 'account', args: {} })}x`)).toBeNull()
  })
})

describe('parseParts', () => {
  const ours = '<script>document.getElementById("member-points")</script>'
  const parts = `<link rel="stylesheet">${indexMarker(0)}<div>${loader}a</div>${ours}${CLOSE_MARKER}${indexMarker(1)}b${CLOSE_MARKER}`
  it("reads the parts in order, each with Astro's scripts its render had emitted by then, and only the expected number", () => {
    expect(parseParts(parts, 2)).toEqual([
      { content: `<div>a</div>${ours}`, scripts: [loader] },
      { content: 'b', scripts: [loader] },
    ])
    expect(parseParts(parts, 3)).toBeNull()
    expect(parseParts(`${indexMarker(1)}b${CLOSE_MARKER}${indexMarker(0)}a${CLOSE_MARKER}`, 2)).toBeNull()
  })
})

describe('splice', () => {
  const shell = parseShell(rendered)!
  const scripts = scriptsOfSegments(shell.segments)

  it("puts another member's parts where the first member's were, with ids of their own", () => {
    // Parts from two renders, each numbering its islands from r0 with the loader before its first.
    const page = splice(shell, [{ content: island('r0', 'grace'), scripts: [loader] }, { content: island('r0', 'Bookmark'), scripts: [loader] }], scripts)
    expect(page).toContain('theme')
    expect(page).toContain(island('p0r0', 'grace'))
    expect(page).toContain(island('p1r0', 'Bookmark'))
    expect(page).not.toContain('ada')
    expect(page).not.toContain('Bookmarked')
    // No id twice: the shell's r0…r3 and the parts' p0r0, p1r0.
    const prefixes = [...page.matchAll(/prefix="(\w+)"/g)].map((m) => m[1])
    expect(new Set(prefixes).size).toBe(prefixes.length)
    // The loader the shell already has is not repeated.
    expect(page.split(loader)).toHaveLength(2)
  })

  it('puts a script a part needs before it when the page does not have it yet, once', () => {
    const directive = '<script>(self.Astro||(self.Astro={})).visible=1</script>'
    const page = splice(shell, [{ content: island('r0', 'grace'), scripts: [loader, directive] }, { content: island('r1', 'Bookmark'), scripts: [loader, directive] }], scripts)
    expect(page).toContain(directive + island('p0r0', 'grace'))
    expect(page.split(directive)).toHaveLength(2)
  })
})
