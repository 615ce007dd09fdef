// The README's live streams figures (`npm run bench:live`), between their markers.
import path from 'node:path'

import type { LiveReport } from '../live'
import { replaceBetweenMarkers } from './report'

const START = '<!-- bench:live:start -->'
const END = '<!-- bench:live:end -->'
const README = path.join(import.meta.dirname, '../../README.md')

export function liveTable(r: LiveReport): string {
  const v = r.viewers
  const c = r.chat
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**')
  const worstRatio = Math.min(...r.pages.map((p) => p.ratio))
  return [
    `Measured ${r.at} on ${r.machine}.`,
    '',
    '| Case | Figure | Target | |',
    '|---|---|---|---|',
    `| Latency: publisher → premium member's player (median of ${r.latency.samples} samples, max) | ${(r.latency.medianMs / 1000).toFixed(1)} s (max ${(r.latency.maxMs / 1000).toFixed(1)} s; hls.js's own latency ${(r.latency.hlsLatencyMedianMs / 1000).toFixed(1)} s) | ≤ 5 s | ${verdict(r.latency.maxMs <= 5000)} |`,
    `| ${v.viewers} premium viewers for ${v.seconds} s: segments at p99 (p50, max) | ${v.segmentP99} ms (${v.segmentP50}, ${v.segmentMax}); ${v.segmentRequests} segments, ${v.segmentMBps} MB/s (${((v.segmentMBps * 8) / Math.max(1, v.viewers)).toFixed(1)} Mbit/s a viewer); playlists p99 ${v.playlistP99} ms over ${v.playlistRequests}; ${v.failures} failures | < 1000 ms | ${verdict(v.segmentP99 < 1000 && v.failures === 0)} |`,
    `| The site's pages while they watch (req/s with ÷ without; the players' client, ffmpeg and autocannon share the same ${r.machine.split(', ')[1]}) | ${r.pages.map((p) => `\`${p.path}\` ${p.withViewers.rps} ÷ ${p.alone.rps} = ${p.ratio}`).join('; ')} | ≥ 0.8 | ${verdict(worstRatio >= 0.8)} |`,
    `| The server process's CPU while only the ${v.viewers} players load it | ${Math.round(r.serverCpuWithViewers * 100)}% of one core | | |`,
    `| Chat: ${c.listeners} members on ${c.processes} processes, ${c.messages} messages, delivery p95 (p50, p99, max) | ${c.p95} ms (${c.p50}, ${c.p99}, ${c.max}); ${c.deliveries} deliveries, ${c.missing} missing, ${c.postFailures} failed posts | < 250 ms | ${verdict(c.p95 < 250 && c.missing === 0)} |`,
  ].join('\n')
}

export const updateLiveReadme = (report: LiveReport) => replaceBetweenMarkers(README, START, END, liveTable(report))
