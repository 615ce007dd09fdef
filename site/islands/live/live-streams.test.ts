import { describe, expect, it } from 'vitest'
import type { LiveStream } from '../../../shared/types/live'
import { groupStreams, isAtLiveEdge, LIVE_EDGE_SLACK_SECONDS, playerSourceOf, viewersText } from './live-streams'

const stream = (over: Partial<LiveStream>): LiveStream => ({
  id: 1,
  title: 'A stream',
  description: null,
  scheduledAt: null,
  actualStart: null,
  actualEnd: null,
  streamUrl: null,
  status: 'live',
  isPremium: true,
  platform: 'obs',
  thumbnailUrl: null,
  viewerCount: 0,
  maxViewers: 0,
  canWatch: true,
  replayUrl: null,
  ...over,
})

describe('groupStreams', () => {
  it('splits live, scheduled and ended streams, keeping the API order in each', () => {
    const list = [stream({ id: 1 }), stream({ id: 2, status: 'scheduled' }), stream({ id: 3 }), stream({ id: 4, status: 'ended' }), stream({ id: 5, status: 'scheduled' })]
    const g = groupStreams(list)
    expect(g.live.map((s) => s.id)).toEqual([1, 3])
    expect(g.upcoming.map((s) => s.id)).toEqual([2, 5])
    expect(g.ended.map((s) => s.id)).toEqual([4])
  })
})

describe('viewersText', () => {
  it('writes thousands as K like every other count', () => {
    expect(viewersText(0)).toBe('0 watching')
    expect(viewersText(999)).toBe('999 watching')
    expect(viewersText(1500)).toBe('1.5K watching')
    expect(viewersText(-3)).toBe('0 watching')
  })
})

describe('playerSourceOf', () => {
  it('keeps a member the gate refuses at the lock, whatever the platform', () => {
    expect(playerSourceOf(stream({ canWatch: false, platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/x' }))).toEqual({ kind: 'locked' })
  })
  it("plays an OBS stream from the site's own playlist", () => {
    expect(playerSourceOf(stream({ id: 7 }))).toEqual({ kind: 'hls', src: '/live-hls/7/index.m3u8' })
    expect(playerSourceOf(stream({ id: 7, streamUrl: '/live-hls/7/index.m3u8' }))).toEqual({ kind: 'hls', src: '/live-hls/7/index.m3u8' })
  })
  it('frames https embeds of YouTube and StreamYard only', () => {
    expect(playerSourceOf(stream({ platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/abc' }))).toEqual({ kind: 'embed', src: 'https://www.youtube.com/embed/abc' })
    expect(playerSourceOf(stream({ platform: 'streamyard', streamUrl: 'javascript:alert(1)' }))).toEqual({ kind: 'none' })
    expect(playerSourceOf(stream({ platform: 'streamyard', streamUrl: null }))).toEqual({ kind: 'none' })
  })
  it('has nothing to play before a stream is live', () => {
    expect(playerSourceOf(stream({ status: 'scheduled' }))).toEqual({ kind: 'none' })
  })
})

describe('isAtLiveEdge', () => {
  it('is live within the target latency plus the slack, behind past it, and never while paused', () => {
    const at = (currentTime: number, paused = false) => isAtLiveEdge({ currentTime, liveEdge: 100, targetLatency: 4, paused })
    expect(at(96)).toBe(true)
    expect(at(100 - 4 - LIVE_EDGE_SLACK_SECONDS)).toBe(true)
    expect(at(90)).toBe(false)
    expect(at(99, true)).toBe(false)
  })
  it('reads as live while the edge is not known yet', () => {
    expect(isAtLiveEdge({ currentTime: 0, liveEdge: null, targetLatency: 4, paused: false })).toBe(true)
  })
})
