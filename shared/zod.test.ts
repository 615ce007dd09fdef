import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')

/** Every non-test TypeScript module under `dir` (relative to the repository root). */
function modules(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
}

describe('shared/zod', () => {
  afterEach(async () => {
    const { z } = await import('zod')
    z.config({ jitless: undefined })
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('turns the JIT off in a browser, before anything can build a schema with it', async () => {
    vi.stubGlobal('window', {})
    vi.resetModules()
    const { z } = await import('./zod')
    expect(z.config().jitless).toBe(true)
  })

  it('keeps the JIT on the server', async () => {
    vi.resetModules()
    const { z } = await import('./zod')
    expect(z.config().jitless).toBeFalsy()
  })

  // A module building schemas from 'zod' directly could run before shared/zod.ts and construct
  // its object schemas with the JIT's `new Function` probe: a CSP violation in the browser.
  it("is the only module of the site and shared code importing zod's runtime", () => {
    // [^'"] keeps a match inside one statement: it cannot run on past the previous one's module name.
    const runtimeImport = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?\bfrom\s+['"]zod(?:\/[^'"]*)?['"]|^\s*import\s+['"]zod|import\(\s*['"]zod/m
    const offenders = [...modules('shared'), ...modules('site')].filter(
      (file) => file !== path.join('shared', 'zod.ts') && runtimeImport.test(readFileSync(path.join(ROOT, file), 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
