// /admin/live (SPEC §2 Admin → Live): schedule streams, Go Live, End Stream, delete, and each
// stream's settings; OBS streams show their server and key. The list refreshes while a stream is
// scheduled or live (viewer counts, OBS connecting, the replay arriving).
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { messageFromApiError } from '../../../shared/api-error'
import { LIVE_LIST_REFRESH_MS } from '../../../shared/constants'
import type { AdminLiveStream } from '../../../shared/types/live'
import { withQueryClient } from '../../lib/query-client'
import { Spinner } from '../ui/Spinner'
import { CARD_CLASS } from '../ui/styles'
import { StreamCard } from './live/StreamCard'
import { StreamForm } from './live/StreamForm'
import { ADMIN_STREAMS_QUERY_KEY } from './live/stream-form'

function LiveTab() {
  const queryClient = useQueryClient()
  const streams = useQuery<AdminLiveStream[]>({
    queryKey: ADMIN_STREAMS_QUERY_KEY,
    refetchInterval: (query) => (query.state.data?.some((s) => s.status !== 'ended') ? LIVE_LIST_REFRESH_MS : false),
  })
  const [editingId, setEditingId] = useState<number | null>(null)
  const editing = streams.data?.find((s) => s.id === editingId && s.status !== 'ended') ?? null
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_STREAMS_QUERY_KEY })

  return (
    <div className="grid gap-6 lg:grid-cols-[26rem_minmax(0,1fr)]">
      <StreamForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditingId(null)} onSaved={refresh} />
      <section aria-labelledby="admin-live-heading" className="min-w-0 space-y-4">
        <div>
          <h2 id="admin-live-heading" className="text-2xl font-bold">
            Live streams
          </h2>
          <p className="text-sm text-muted-foreground">Live first, then scheduled, then ended. Members find them at /live.</p>
        </div>
        {streams.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> Loading streams…
          </p>
        ) : streams.isError ? (
          <p role="alert" className="text-destructive dark:text-red-300">
            Could not load the streams: {messageFromApiError(streams.error)}
          </p>
        ) : streams.data.length === 0 ? (
          <p className={`${CARD_CLASS} p-6 text-muted-foreground`}>No streams yet. Schedule one with the form.</p>
        ) : (
          <ul className="space-y-3">
            {streams.data.map((stream) => (
              <StreamCard
                key={stream.id}
                stream={stream}
                onEdit={() => setEditingId(stream.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

export default withQueryClient(LiveTab)
