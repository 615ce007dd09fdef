import { describe, expect, it } from 'vitest'

import { autosaveProblem, fieldsTypedSinceSent, isAutosaveRequest, sentDocument, worthRetrying } from './autosave-rules'

describe('autosave guard rules', () => {
  it('knows an autosave of this post from any other request', () => {
    expect(isAutosaveRequest('PATCH', '/cms/api/posts/7?autosave=true&draft=true', '/cms/api', 'posts', 7)).toBe(true)
    expect(isAutosaveRequest('patch', 'http://x.test/cms/api/posts/7?depth=0&autosave=true', '/cms/api', 'posts', '7')).toBe(true)
    expect(isAutosaveRequest('PATCH', '/cms/api/posts/7?draft=true', '/cms/api', 'posts', 7)).toBe(false) // Save Draft
    expect(isAutosaveRequest('PATCH', '/cms/api/posts/8?autosave=true', '/cms/api', 'posts', 7)).toBe(false)
    expect(isAutosaveRequest('POST', '/cms/api/posts/7?autosave=true', '/cms/api', 'posts', 7)).toBe(false)
    expect(isAutosaveRequest('PATCH', '/cms/api/posts/7?autosave=true', '/cms/api', 'posts', undefined)).toBe(false)
  })

  it('reads the document a form sends', () => {
    const body = new FormData()
    body.append('_payload', JSON.stringify({ title: 'A', meta: { title: 'B' } }))
    expect(sentDocument(body)).toEqual({ title: 'A', meta: { title: 'B' } })
    expect(sentDocument(new FormData())).toBeNull()
    expect(sentDocument('not json')).toBeNull()
  })

  it('finds the fields typed since the last send that a late answer would overwrite', () => {
    const sent = { title: 'Bridge', excerpt: '', content: { root: { children: [] } }, meta: { title: 'M' }, _status: 'draft' }
    const fields = {
      title: { value: 'Bridge march' }, // typed on after the send, then left for another field
      excerpt: { value: 'Why', isModified: true }, // being typed: Payload spares it already
      content: { value: { root: { children: [] } } }, // unchanged (a copy, equal)
      'meta.title': { value: 'Meta' },
      _status: { value: 'published' },
      updatedAt: { value: '2026-01-01' },
      items: { value: 2, rows: [] },
    }
    expect(fieldsTypedSinceSent(fields, sent)).toEqual(['title', 'meta.title'])
    expect(fieldsTypedSinceSent(fields, null)).toEqual([])
  })

  it('says why a save did not go through in the creator’s words', () => {
    expect(autosaveProblem(null, null)).toMatch(/^Not saved: the server could not be reached\. What you typed is still on this page\./)
    expect(autosaveProblem(409, null)).toContain('this post was changed elsewhere')
    expect(autosaveProblem(401, null)).toContain('you are signed out')
    const invalid = { errors: [{ message: 'The following field is invalid: content', data: { errors: [{ path: 'content', message: 'This field is required.' }, { label: 'Title', path: 'title', message: 'This field is required.' }] } }] }
    expect(autosaveProblem(400, invalid)).toBe('Not saved yet: Content: This field is required; Title: This field is required. What you typed is still on this page.')
    expect(autosaveProblem(400, {})).not.toMatch(/invalid|ValidationError/)
    // A field inside a block: its own label and message, not Payload's summary of the block.
    const inBlock = {
      errors: [
        {
          message: 'The following field is invalid: content',
          data: {
            errors: [
              { label: 'Content', path: 'content', message: 'block node failed to validate: The following fields are invalid: url' },
              { label: 'Content > YouTube link or video id', path: 'content', message: 'Enter a YouTube link or an 11-character video id.' },
            ],
          },
        },
      ],
    }
    expect(autosaveProblem(400, inBlock)).toBe('Not saved yet: YouTube link or video id: Enter a YouTube link or an 11-character video id. What you typed is still on this page.')
    expect(worthRetrying(null)).toBe(true)
    expect(worthRetrying(503)).toBe(true)
    expect(worthRetrying(400)).toBe(false)
  })
})
