'use client'
// Beside the post editor's Save buttons: makes autosave lose nothing and never fail in silence.
//
// 1. A late autosave answer never puts older text back. Payload merges each autosave's answer
//    into the form, sparing only the field typed in last: text typed into a field while an
//    autosave was on its way, before moving on to another field, was replaced by the older value
//    the answer carried (and that older value went out with the next autosave). Every field whose
//    value differs from what the last autosave sent is marked as typed-in again, so the answer
//    leaves it alone; the next autosave carries it.
// 2. A save that did not go through says so in plain words, in the bar and in the toast (Payload
//    showed the server's developer text, or "Failed to fetch"), and is sent again while the cause
//    may pass (the server unreachable, too many saves).
// 3. A save from an older copy is refused, not written over what was saved meanwhile (a second
//    tab, /admin): every save names the version this tab was editing (EDITED_FROM_HEADER), the
//    server answers 409 when a newer one exists, and the bar offers the latest in a new tab.
import { useAllFormFields, useConfig, useDocumentInfo, useForm } from '@payloadcms/ui'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

import { EDITED_FROM_HEADER } from '../../shared/edit-conflict'
import { autosaveProblem, fieldsTypedSinceSent, isAutosaveRequest, savedAt, savesDocument, sentDocument, worthRetrying, type GuardedField } from './autosave-rules'

const RETRY_MS = 5000

function requestParts(input: RequestInfo | URL, init?: RequestInit) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')
  return { url, method }
}

const json = (status: number, message: string) => new Response(JSON.stringify({ message }), { status, headers: { 'Content-Type': 'application/json' } })

export function AutosaveGuard() {
  const { id, collectionSlug, savedDocumentData, initialData } = useDocumentInfo()
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const { dispatchFields, submit } = useForm()
  const [fields] = useAllFormFields()
  const sentRef = useRef<Record<string, unknown> | null>(null)
  const [sentVersion, setSentVersion] = useState(0)
  const [problem, setProblem] = useState<{ message: string; retry: boolean; changedElsewhere?: boolean } | null>(null)
  // The version this tab is editing: the one it opened, then each one its own saves made.
  const editedFromRef = useRef<string | null>(null)
  const openedAt = savedDocumentData?.updatedAt ?? initialData?.updatedAt
  useEffect(() => {
    if (typeof openedAt === 'string' && editedFromRef.current === null) editedFromRef.current = openedAt
  }, [openedAt])

  // Sees each autosave of this post go out and come back (Payload's form sends it with `fetch`).
  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    const original = window.fetch
    const guarded: typeof window.fetch = async (input, init) => {
      const { url, method } = requestParts(input, init)
      if (!savesDocument(method, url, api, collectionSlug, id)) return original(input, init)
      if (editedFromRef.current) {
        const headers = new Headers(init?.headers)
        headers.set(EDITED_FROM_HEADER, editedFromRef.current)
        init = { ...init, headers }
      }
      if (!isAutosaveRequest(method, url, api, collectionSlug, id)) {
        const res = await original(input, init)
        if (res.ok) editedFromRef.current = savedAt(await res.clone().json().catch(() => null)) ?? editedFromRef.current
        return res
      }
      sentRef.current = sentDocument(init?.body)
      setSentVersion((v) => v + 1)
      let res: Response
      try {
        res = await original(input, init)
      } catch {
        const message = autosaveProblem(null, null)
        setProblem({ message, retry: true })
        // Answered like a refusal, so Payload keeps the form marked unsaved and its bar stops saying "Saving…".
        return json(503, message)
      }
      const body: unknown = await res
        .clone()
        .json()
        .catch(() => null)
      if (res.ok) {
        editedFromRef.current = savedAt(body) ?? editedFromRef.current
        setProblem(null)
        return res
      }
      const message = autosaveProblem(res.status, body)
      setProblem({ message, retry: worthRetrying(res.status), changedElsewhere: res.status === 409 })
      return json(res.status, message)
    }
    window.fetch = guarded
    return () => {
      if (window.fetch === guarded) window.fetch = original
    }
  }, [api, collectionSlug, id])

  // Before any answer can be merged: fields typed in since the last send keep their new value.
  useLayoutEffect(() => {
    const typed = fieldsTypedSinceSent(fields as Record<string, GuardedField>, sentRef.current)
    if (!typed.length) return
    dispatchFields({ type: 'UPDATE_MANY', formState: Object.fromEntries(typed.map((path) => [path, { ...fields[path], isModified: true }])) })
  }, [fields, sentVersion, dispatchFields])

  // Sent again, as Payload's autosave sends it, while the cause may pass.
  const resend = useCallback(() => {
    if (id === undefined || id === null || !collectionSlug) return
    void submit({
      acceptValues: { overrideLocalChanges: false },
      action: `${api}/${collectionSlug}/${id}?autosave=true&depth=0&draft=true`,
      context: { getDocPermissions: false, incrementVersionCount: false },
      disableFormWhileProcessing: false,
      disableSuccessStatus: true,
      method: 'PATCH',
      overrides: { _status: 'draft' },
      skipValidation: true,
    })
  }, [api, collectionSlug, id, submit])
  useEffect(() => {
    if (!problem?.retry) return
    const timer = window.setTimeout(resend, RETRY_MS)
    return () => window.clearTimeout(timer)
  }, [problem, resend])

  if (!problem) return null
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="autosave-problem"
      style={{ margin: 0, maxWidth: '28rem', color: 'var(--theme-error-500)', fontSize: '0.875rem', lineHeight: 1.3 }}
    >
      {problem.message}
      {problem.changedElsewhere ? (
        <>
          {' '}
          <a href={window.location.href} target="_blank" rel="noopener" style={{ color: 'inherit', textDecoration: 'underline' }}>
            Open the latest version (new tab)
          </a>
        </>
      ) : null}
    </p>
  )
}
