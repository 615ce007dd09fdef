import type { FakeChannel, FakeVideo } from './index'

/**
 * The fake YouTube a global setup started, steered over HTTP from test files in other processes
 * (process.env.FAKE_YOUTUBE_URL): the same operations startFakeYoutube returns in-process.
 */
export function fakeYoutube(url = process.env.FAKE_YOUTUBE_URL) {
  if (!url) throw new Error('FAKE_YOUTUBE_URL is not set: the fake YouTube starts in the suite\'s global setup')
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/__fake${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    if (!res.ok) throw new Error(`fake YouTube ${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  return {
    url,
    addChannel: (input: { handle: string; title?: string; videos?: Partial<FakeVideo>[] }) => call<FakeChannel>('POST', '/channels', input),
    addVideo: (handle: string, video: Partial<FakeVideo> = {}) => call<FakeVideo>('POST', `/channels/${encodeURIComponent(handle)}/videos`, video),
    videos: (handle: string) => call<FakeVideo[]>('GET', `/channels/${encodeURIComponent(handle)}/videos`),
    updateVideo: (id: string, patch: Partial<FakeVideo>) => call<FakeVideo>('PATCH', `/videos/${encodeURIComponent(id)}`, patch),
    deleteVideo: (id: string) => call<{ deleted: true }>('DELETE', `/videos/${encodeURIComponent(id)}`),
    setQuotaExceeded: (exceeded: boolean) => call('POST', '/quota', { exceeded }),
    setDown: (down: boolean) => call('POST', '/outage', { down }),
    setPageSize: (pageSize: number) => call('POST', '/page-size', { pageSize }),
  }
}
