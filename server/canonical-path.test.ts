import { describe, expect, it } from 'vitest'

import { canonicalPath, isPlainHost } from './canonical-path'

describe('canonicalPath', () => {
  it.each(['/', '/cms/api/posts', '/cms/api/posts/', '/blog', '/post/a-b_c~d.e', '/cms/api/media/file/a%20b.png', '/api/%E0%A4%A', '/cms/api/%00', '/a/%zz', '/x/...', '/x/.a'])(
    '%s is plain',
    (path) => expect(canonicalPath(path)).toEqual({ kind: 'plain' }),
  )

  it.each([
    ['/cms/./api/posts', '/cms/api/posts'],
    ['/cms/x/../api/posts', '/cms/api/posts'],
    ['/cms/%2e/api', '/cms/api'],
    ['/cms/x/%2E%2e/api', '/cms/api'],
    ['/cms/x/.%2e/api', '/cms/api'],
    ['/cms/%61pi/posts', '/cms/api/posts'],
    ['/%63ms/api/posts', '/cms/api/posts'],
    ['/cms/api/payload%2Dpreferences/nav', '/cms/api/payload-preferences/nav'],
    ['/cms/api/media/%66ile/x.png', '/cms/api/media/file/x.png'],
    ['/cms/api/users/%76erify/x', '/cms/api/users/verify/x'],
    ['/%41%5a%30%39%5f%7e%2d', '/AZ09_~-'],
    ['/cms//api/posts', '/cms/api/posts'],
    ['//evil.example/x', '/evil.example/x'],
    ['/.//evil.example', '/evil.example'],
    ['/blog/.', '/blog/'],
    ['/blog/x/..', '/blog/'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/api/x/%2e%2e/%2e%2e', '/'],
  ])('%s is spelled %s', (raw, path) => expect(canonicalPath(raw)).toEqual({ kind: 'respell', path }))

  it.each(['/cms\\api/posts', '/cms/api%2fposts', '/cms/api%2Fposts', '/cms/api/%5c', '*', 'http://evil.example/cms/api'])('%s is refused', (raw) =>
    expect(canonicalPath(raw)).toEqual({ kind: 'refuse' }),
  )
})

describe('isPlainHost', () => {
  it.each([undefined, 'localhost', 'localhost:3000', 'example.org', 'www.example.org.', '127.0.0.1:8080', '[::1]:3000', 'xn--bcher-kva.example', 'project_web_1:3000'])('%s is plain', (host) =>
    expect(isPlainHost(host)).toBe(true),
  )
  it.each(['x@evil.example', 'evil.example/x', 'evil.example:port', 'a b', '', 'evil.example:3000:1', '[::1', '-x.example', 'évil.example'])('%s is refused', (host) =>
    expect(isPlainHost(host)).toBe(false),
  )
})
