'use client'
// "Create New" creates the post's draft at once (drafts are not validated, so Payload saves a post
// from its first keystroke: cms/collections/Posts.ts). A creator who opens it and leaves without
// writing anything would leave an empty, untitled draft behind in the list: it is deleted as the
// editor closes (another page of /cms, or the tab), as Ghost never keeps a post nobody wrote.
// Only a draft created by this very visit, still untitled, that nothing was typed into.
import { useConfig, useDocumentInfo, useFormModified } from '@payloadcms/ui'
import { useEffect, useRef } from 'react'

/** How recent a draft must be to count as created by opening "Create New" for this visit. */
const JUST_CREATED_MS = 2 * 60_000

/** Deletions waiting for the end of a React unmount: a remount of the same editor (React's
 * development double run of effects) cancels them. */
const pending = new Map<string, number>()

export function UntitledDraftCleanup() {
  const { id, collectionSlug, initialData } = useDocumentInfo()
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const modified = useFormModified()
  const touched = useRef(false)
  if (modified) touched.current = true

  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    const data = (initialData ?? {}) as { title?: unknown; createdAt?: unknown; _status?: unknown }
    const createdAt = typeof data.createdAt === 'string' ? Date.parse(data.createdAt) : NaN
    const openedEmpty = !data.title && data._status !== 'published' && Date.now() - createdAt < JUST_CREATED_MS
    if (!openedEmpty) return
    const key = `${collectionSlug}/${id}`
    window.clearTimeout(pending.get(key))
    pending.delete(key)
    const dropIfUntouched = () => {
      pending.delete(key)
      if (touched.current) return
      void fetch(`${api}/${key}`, { method: 'DELETE', credentials: 'include', keepalive: true }).catch(() => undefined)
    }
    window.addEventListener('pagehide', dropIfUntouched)
    return () => {
      window.removeEventListener('pagehide', dropIfUntouched)
      pending.set(key, window.setTimeout(dropIfUntouched, 0))
    }
    // Once per document opened: the draft's first data decides.
  }, [api, collectionSlug, id])
  return null
}
