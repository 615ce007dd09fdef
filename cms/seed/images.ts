import sharp from 'sharp'

import { type MotifName, placeMotif } from './art/motifs'
import type { SeedImageArt } from './fixtures/types'

/**
 * The demo posts' featured images: flat illustrations drawn here as SVG and rendered to JPEG
 * by sharp (no network, no binary fixtures). One is a portrait, so the site's handling of a
 * tall picture (never cropped) shows in the demo too. Four are drawn whole here; the rest are a
 * pictogram (art/motifs.ts) on the topic's colours.
 */
const ART: Record<'ballot' | 'health-fair' | 'smartphone' | 'groceries', { width: number; height: number; scale?: number; svg: string }> = {
  ballot: {
    width: 1600,
    height: 900,
    svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2e1065"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs>
      <rect width="1600" height="900" fill="url(#sky)"/>
      <circle cx="800" cy="900" r="420" fill="#f59e0b" opacity="0.9"/>
      <circle cx="800" cy="900" r="520" fill="#f59e0b" opacity="0.25"/>
      <rect x="560" y="470" width="480" height="330" rx="18" fill="#fef3c7"/>
      <rect x="660" y="470" width="280" height="26" rx="8" fill="#1e1b4b"/>
      <rect x="700" y="170" width="200" height="300" rx="10" fill="#ffffff" transform="rotate(-6 800 320)"/>
      <path d="M745 300 l38 40 l80 -95" stroke="#16a34a" stroke-width="26" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="rotate(-6 800 320)"/>
      <text x="800" y="690" font-size="72" font-family="sans-serif" font-weight="700" fill="#1e1b4b" text-anchor="middle">VOTE</text>`,
  },
  'health-fair': {
    width: 1600,
    height: 900,
    svg: `<rect width="1600" height="900" fill="#fee2e2"/>
      <circle cx="260" cy="180" r="120" fill="#fecaca"/><circle cx="1380" cy="760" r="170" fill="#fecaca"/>
      <path d="M800 760 C 560 600 440 470 440 350 C 440 250 520 180 610 180 C 690 180 760 225 800 290 C 840 225 910 180 990 180 C 1080 180 1160 250 1160 350 C 1160 470 1040 600 800 760 Z" fill="#b91c1c"/>
      <rect x="750" y="300" width="100" height="300" rx="14" fill="#ffffff"/>
      <rect x="650" y="400" width="300" height="100" rx="14" fill="#ffffff"/>`,
  },
  smartphone: {
    width: 1600,
    height: 1000,
    svg: `<rect width="1600" height="1000" fill="#ffedd5"/>
      <circle cx="1250" cy="220" r="260" fill="#fdba74"/>
      <rect x="590" y="90" width="420" height="820" rx="56" fill="#1c1917"/>
      <rect x="620" y="160" width="360" height="640" rx="14" fill="#fff7ed"/>
      <circle cx="800" cy="400" r="110" fill="#c2410c"/>
      <circle cx="800" cy="365" r="42" fill="#fed7aa"/>
      <path d="M725 470 C 740 420 860 420 875 470 Z" fill="#fed7aa"/>
      <circle cx="730" cy="680" r="40" fill="#dc2626"/><circle cx="870" cy="680" r="40" fill="#16a34a"/>
      <rect x="760" y="850" width="80" height="14" rx="7" fill="#57534e"/>`,
  },
  groceries: {
    width: 1000,
    height: 1400,
    svg: `<rect width="1000" height="1400" fill="#dcfce7"/>
      <circle cx="500" cy="420" r="330" fill="#bbf7d0"/>
      <ellipse cx="380" cy="440" rx="90" ry="150" fill="#15803d" transform="rotate(-20 380 440)"/>
      <ellipse cx="610" cy="420" rx="80" ry="170" fill="#166534" transform="rotate(18 610 420)"/>
      <circle cx="500" cy="520" r="110" fill="#dc2626"/>
      <path d="M270 1220 L230 560 L770 560 L730 1220 Z" fill="#d6b48a"/>
      <path d="M230 560 L770 560 L760 640 L240 640 Z" fill="#b9915f"/>
      <text x="500" y="930" font-size="64" font-family="sans-serif" font-weight="700" fill="#78350f" text-anchor="middle">FREE</text>`,
  },
}

// Light grounds with a deep ink per topic, as the four drawn ones.
const TOPIC_TONES: Record<string, { ground: string; ring: string; ink: string; light: string; accent: string }> = {
  headlines: { ground: '#fee2e2', ring: '#fecaca', ink: '#7f1d1d', light: '#ffffff', accent: '#dc2626' },
  'world-news': { ground: '#e0f2fe', ring: '#bae6fd', ink: '#0c4a6e', light: '#ffffff', accent: '#0284c7' },
  community: { ground: '#dcfce7', ring: '#bbf7d0', ink: '#14532d', light: '#ffffff', accent: '#16a34a' },
  justice: { ground: '#ede9fe', ring: '#ddd6fe', ink: '#3b0764', light: '#ffffff', accent: '#7c3aed' },
  commentary: { ground: '#ffedd5', ring: '#fed7aa', ink: '#7c2d12', light: '#ffffff', accent: '#ea580c' },
}

/** 1280 wide (not 1600 as the drawn ones): Payload's 1600px copy is the seed's costliest step, and flat art needs no more. */
function motifPoster(motif: MotifName, topic: string): { width: number; height: number; scale: number; svg: string } {
  const tone = TOPIC_TONES[topic] ?? TOPIC_TONES.justice!
  return {
    width: 1280,
    height: 720,
    scale: 0.8,
    svg: `<rect width="1600" height="900" fill="${tone.ground}"/>
      <circle cx="320" cy="760" r="260" fill="${tone.ring}"/><circle cx="1320" cy="160" r="200" fill="${tone.ring}"/>
      <circle cx="800" cy="450" r="330" fill="${tone.ink}"/>
      <circle cx="800" cy="450" r="390" fill="none" stroke="${tone.accent}" stroke-width="6" opacity="0.5"/>
      ${placeMotif(motif, tone, 560, 210, 480)}`,
  }
}

const isDrawn = (art: string): art is keyof typeof ART => art in ART

/** A seed image as JPEG bytes; a pictogram one takes the colours of the post's topic. */
export async function seedImage(art: SeedImageArt, topic: string): Promise<Buffer> {
  const { width, height, svg, scale = 1 } = isDrawn(art) ? ART[art] : motifPoster(art, topic)
  const viewBox = `0 0 ${width / scale} ${height / scale}`
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${svg}</svg>`
  return sharp(Buffer.from(markup)).jpeg({ quality: 85 }).toBuffer()
}
