// What OBS needs (an obs stream's card): the RTMP server and the secret stream key, each with a
// Copy button; the key hidden until Show, and a new key on request.
import { useEffect, useId, useState } from 'react'

import type { AdminLiveStream } from '../../../../shared/types/live'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { INPUT_CLASS, cx } from '../../ui/styles'
import { ConfirmButton } from '../content/ConfirmButton'
import { useUpdateStream } from './use-stream-actions'

export const OBS_HOW_TO =
  'In OBS: Settings → Stream → Service: Custom…, paste the Server and Stream Key, then Start Streaming. Set the keyframe interval to 1 s for the lowest delay.'

const COPIED_MS = 2000

function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      // The clipboard API needs a secure page (https or localhost); elsewhere the admin copies by hand.
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      toast({ title: 'Could not copy', description: `Select the ${what.toLowerCase()} and copy it yourself.`, variant: 'destructive' })
    }
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void copy()} className="min-w-[5.5rem]">
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> {what}</span>
      </Button>
      <span className="sr-only" role="status">
        {copied ? `${what} copied` : ''}
      </span>
    </>
  )
}

export function ObsConnection({ stream }: { stream: AdminLiveStream }) {
  const id = useId()
  const [shown, setShown] = useState(false)
  const update = useUpdateStream()
  const key = stream.streamKey ?? ''
  return (
    <div className="space-y-3 rounded-lg border border-border bg-muted/40 p-3">
      <div className="grid gap-3 md:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${id}-server`} className="block text-sm font-semibold">
            Server
          </label>
          <div className="flex gap-2">
            <input id={`${id}-server`} readOnly value={stream.rtmpUrl ?? ''} className={cx(INPUT_CLASS, 'h-9 font-mono text-sm')} onFocus={(e) => e.currentTarget.select()} />
            {stream.rtmpUrl && <CopyButton text={stream.rtmpUrl} what="Server URL" />}
          </div>
        </div>
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${id}-key`} className="block text-sm font-semibold">
            Stream key
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-key`}
              readOnly
              type={shown ? 'text' : 'password'}
              autoComplete="off"
              value={key}
              className={cx(INPUT_CLASS, 'h-9 font-mono text-sm')}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="outline" size="sm" aria-pressed={shown} aria-controls={`${id}-key`} onClick={() => setShown((s) => !s)}>
              {shown ? 'Hide' : 'Show'}
              <span className="sr-only"> stream key</span>
            </Button>
            {key && <CopyButton text={key} what="Stream key" />}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{OBS_HOW_TO}</p>
        <ConfirmButton
          label="Regenerate key"
          srSuffix={`for ${stream.title}`}
          question="Make a new stream key?"
          description="The old key stops working at once: paste the new one into OBS before you start streaming."
          busyLabel="Regenerating…"
          confirmVariant="primary"
          disabled={stream.status === 'ended'}
          onConfirm={() => update.mutateAsync({ stream, data: { regenerateKey: true }, done: 'New stream key made' })}
        />
      </div>
    </div>
  )
}
