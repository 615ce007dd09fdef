import type { PayloadRequest } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { mirrorStatusOnChange, mirrorStatusOnInput } from './publish-status'

type InputArgs = Parameters<typeof mirrorStatusOnInput>[0]

const reqFor = (user: Record<string, unknown> | null, mainRowStatus: string | null = null) => {
  const findByID = vi.fn(async () => (mainRowStatus ? { status: mainRowStatus } : null))
  return { req: { user, payload: { findByID } } as unknown as PayloadRequest, findByID }
}
const admin = { collection: 'users', id: 1, isAdmin: true }
const member = { collection: 'users', id: 2, isAdmin: false }

const run = async (operation: string, args: Record<string, unknown>, req: PayloadRequest, overrideAccess = false) =>
  (await mirrorStatusOnInput({
    args: { collection: { config: { slug: 'posts' } }, req, ...args },
    operation,
    req,
    overrideAccess,
    collection: {},
    context: {},
  } as unknown as InputArgs)) as Record<string, unknown> & { data?: Record<string, unknown> }

describe('status mirrors _status', () => {
  it("Payload's _status wins over a stale status sent with it", async () => {
    const { req } = reqFor(admin)
    const out = await run('update', { id: 3, data: { status: 'draft', _status: 'published' } }, req)
    expect(out.data).toMatchObject({ status: 'published', _status: 'published' })
  })

  it('a write with only status (site API, seed) sets _status', async () => {
    const { req } = reqFor(admin)
    expect((await run('create', { data: { status: 'published' } }, req)).data).toMatchObject({ _status: 'published' })
    expect((await run('update', { id: 3, data: { status: 'draft' } }, req)).data).toMatchObject({ _status: 'draft' })
  })

  it('a non-draft save naming neither keeps the stored status; a draft save leaves it to Payload', async () => {
    const { req, findByID } = reqFor(admin, 'published')
    expect((await run('update', { id: 3, data: { title: 'x' } }, req)).data).toMatchObject({ status: 'published', _status: 'published' })
    expect(findByID).toHaveBeenCalledWith(expect.objectContaining({ id: 3, draft: false }))
    const draft = await run('update', { id: 3, draft: true, data: { title: 'x' } }, req)
    expect(draft.data).toEqual({ title: 'x' })
  })

  it('after Payload settles _status (a draft save forces draft), status follows', () => {
    const data = { status: 'published', _status: 'draft' }
    expect(mirrorStatusOnChange({ data } as unknown as Parameters<typeof mirrorStatusOnChange>[0])).toMatchObject({ status: 'draft' })
  })
})

describe('draft reads', () => {
  it('are dropped for visitors and members, kept for admins and internal calls', async () => {
    expect((await run('read', { draft: true }, reqFor(null).req)).draft).toBe(false)
    expect((await run('read', { draft: true }, reqFor(member).req)).draft).toBe(false)
    expect((await run('read', { draft: true }, reqFor(admin).req)).draft).toBe(true)
    expect((await run('read', { draft: true }, reqFor(null).req, true)).draft).toBe(true)
  })
})
