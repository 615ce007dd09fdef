import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { patchFormatDate } from './cms-time-zone-patch'

const UI = 'node_modules/@payloadcms/ui/dist'
const BUNDLE = 'import{x}from"y";var M=({date:e,i18n:t,pattern:r,timezone:o})=>{let n=new m(new Date(e));if(o){return 1}return 2};'
const SOURCE = 'export const formatDate = ({\n  date,\n  i18n,\n  pattern,\n  timezone\n}) => {\n  const theDate = 1;\n'

const fakeInstall = (bundle = BUNDLE) => {
  const root = mkdtempSync(path.join(tmpdir(), 'tz-patch-'))
  for (const [file, text] of [
    [`${UI}/exports/shared/index.js`, bundle],
    [`${UI}/exports/client/index.js`, bundle.replace(/\bo\b/g, 'n')],
    [`${UI}/utilities/formatDocTitle/formatDateTitle.js`, SOURCE],
  ] as const) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

describe("Payload's formatDate defaults to the site's time zone", () => {
  it('gives every copy a default zone once, however often the install runs', () => {
    const root = fakeInstall()
    expect(patchFormatDate(root)).toHaveLength(3)
    expect(patchFormatDate(root)).toEqual([])
    expect(readFileSync(path.join(root, `${UI}/exports/shared/index.js`), 'utf8')).toContain('=>{o??=globalThis.__cmsDisplayTimeZone;let n=')
    expect(readFileSync(path.join(root, `${UI}/exports/client/index.js`), 'utf8')).toContain('=>{n??=globalThis.__cmsDisplayTimeZone;let n=')
    expect(readFileSync(path.join(root, `${UI}/utilities/formatDocTitle/formatDateTitle.js`), 'utf8')).toContain('}) => {\n  timezone ??= globalThis.__cmsDisplayTimeZone;\n')
  })

  it('stops the install with its reason when an upgrade moved the code', () => {
    const root = fakeInstall('var M=({date:e,i18n:t,pattern:r})=>{}')
    expect(() => patchFormatDate(root)).toThrow(/not where this patch expects it/)
  })
})
