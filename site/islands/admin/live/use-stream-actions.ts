// The list's writes (Go Live, End Stream, settings, a new key, delete): one PATCH and one DELETE,
// each failure toasted in the spec's words with the server's reason (spec §8 Streams).
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { messageFromApiError } from '../../../../shared/api-error'
import { ERROR, failedToDeleteStream, failedToUpdateStream } from '../../../../shared/messages'
import type { LiveStreamUpdateData } from '../../../../shared/schemas/live'
import type { AdminLiveStream } from '../../../../shared/types/live'
import { apiJson } from '../../../lib/api-client'
import { toast } from '../../../lib/stores/toast-store'
import { ADMIN_STREAMS_QUERY_KEY, adminStreamUrl } from './stream-form'

type Patch = { stream: AdminLiveStream; data: Partial<Record<keyof LiveStreamUpdateData, unknown>>; done: string }

/** Puts the saved stream in the cached list at once, so the card changes without waiting for the refresh. */
function useReplaceInList() {
  const queryClient = useQueryClient()
  return (saved: AdminLiveStream) =>
    queryClient.setQueryData<AdminLiveStream[]>(ADMIN_STREAMS_QUERY_KEY, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
}

export function useUpdateStream() {
  const queryClient = useQueryClient()
  const replace = useReplaceInList()
  return useMutation({
    mutationFn: ({ stream, data }: Patch) => apiJson<AdminLiveStream>('PATCH', adminStreamUrl(stream.id), data),
    onSuccess: async (saved, { done }) => {
      replace(saved)
      toast({ title: done, description: `“${saved.title}”` })
      await queryClient.invalidateQueries({ queryKey: ADMIN_STREAMS_QUERY_KEY })
    },
    onError: (error) => toast({ title: ERROR, description: failedToUpdateStream(messageFromApiError(error)), variant: 'destructive' }),
  })
}

export function useDeleteStream() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (stream: AdminLiveStream) => apiJson('DELETE', adminStreamUrl(stream.id)),
    onSuccess: async (_result, stream) => {
      queryClient.setQueryData<AdminLiveStream[]>(ADMIN_STREAMS_QUERY_KEY, (list) => list?.filter((s) => s.id !== stream.id))
      toast({ title: 'Stream deleted', description: `“${stream.title}” has been deleted.` })
      await queryClient.invalidateQueries({ queryKey: ADMIN_STREAMS_QUERY_KEY })
    },
    onError: (error) => toast({ title: ERROR, description: failedToDeleteStream(messageFromApiError(error)), variant: 'destructive' }),
  })
}
