/**
 * Flat pictograms for the demo artwork (video stills, clip frames, post images), each drawn in a
 * 400×400 box in three colours, so one motif reads on any of the palettes. Pure SVG strings:
 * sharp renders them with no network and no binary fixtures in git.
 */
export type Ink = { ink: string; light: string; accent: string }

export const MOTIFS = {
  microphone: ({ ink, light, accent }: Ink) => `
    <rect x="150" y="40" width="100" height="170" rx="50" fill="${light}"/>
    <path d="M165 90h70M165 125h70M165 160h70" stroke="${ink}" stroke-width="10" stroke-linecap="round" opacity="0.35"/>
    <path d="M110 170a90 90 0 0 0 180 0" stroke="${accent}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <rect x="190" y="258" width="20" height="80" fill="${accent}"/>
    <rect x="120" y="330" width="160" height="24" rx="12" fill="${accent}"/>`,
  ballot: ({ ink, light, accent }: Ink) => `
    <rect x="70" y="200" width="260" height="170" rx="14" fill="${light}"/>
    <rect x="130" y="200" width="140" height="16" rx="6" fill="${ink}"/>
    <g transform="rotate(-8 200 130)"><rect x="140" y="30" width="120" height="170" rx="8" fill="#ffffff"/>
    <path d="M168 110l24 26l46 -58" stroke="${accent}" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>
    <text x="200" y="310" font-size="46" font-family="sans-serif" font-weight="700" fill="${ink}" text-anchor="middle">VOTE</text>`,
  heart: ({ light, accent }: Ink) => `
    <path d="M200 360C80 280 40 210 40 150C40 95 85 55 135 55C165 55 188 72 200 95C212 72 235 55 265 55C315 55 360 95 360 150C360 210 320 280 200 360Z" fill="${accent}"/>
    <rect x="178" y="125" width="44" height="130" rx="8" fill="${light}"/><rect x="135" y="168" width="130" height="44" rx="8" fill="${light}"/>`,
  scales: ({ light, accent }: Ink) => `
    <rect x="192" y="50" width="16" height="290" fill="${light}"/><rect x="120" y="330" width="160" height="22" rx="11" fill="${light}"/>
    <circle cx="200" cy="50" r="16" fill="${accent}"/><rect x="60" y="80" width="280" height="12" rx="6" fill="${light}"/>
    <path d="M70 92L30 200M70 92L110 200M330 92L290 200M330 92L370 200" stroke="${light}" stroke-width="4"/>
    <path d="M22 200h96a48 30 0 0 1 -96 0z M282 200h96a48 30 0 0 1 -96 0z" fill="${accent}"/>`,
  globe: ({ ink, light, accent }: Ink) => `
    <circle cx="200" cy="200" r="160" fill="${light}"/>
    <path d="M120 110c40 10 60 40 40 70s-50 30-40 70s40 40 30 70 M250 70c-10 40 30 50 60 60s30 60 0 80s-60 10-50 60" stroke="${accent}" stroke-width="26" fill="none" stroke-linecap="round" opacity="0.9"/>
    <ellipse cx="200" cy="200" rx="70" ry="160" fill="none" stroke="${ink}" stroke-width="5" opacity="0.35"/>
    <path d="M40 200h320M60 120h280M60 280h280" stroke="${ink}" stroke-width="5" opacity="0.35"/>`,
  speech: ({ ink, light, accent }: Ink) => `
    <path d="M40 70h210a30 30 0 0 1 30 30v100a30 30 0 0 1 -30 30h-130l-50 45v-45h-30a30 30 0 0 1 -30 -30v-100a30 30 0 0 1 30 -30z" fill="${light}"/>
    <path d="M150 180h190a30 30 0 0 1 30 30v90a30 30 0 0 1 -30 30h-10v45l-50 -45h-130a30 30 0 0 1 -30 -30v-90a30 30 0 0 1 30 -30z" fill="${accent}"/>
    <circle cx="100" cy="150" r="12" fill="${ink}"/><circle cx="145" cy="150" r="12" fill="${ink}"/><circle cx="190" cy="150" r="12" fill="${ink}"/>`,
  people: ({ ink, light, accent }: Ink) => `
    <circle cx="110" cy="150" r="44" fill="${accent}"/><path d="M40 330c0-80 30-120 70-120s70 40 70 120z" fill="${accent}"/>
    <circle cx="290" cy="150" r="44" fill="${accent}"/><path d="M220 330c0-80 30-120 70-120s70 40 70 120z" fill="${accent}"/>
    <circle cx="200" cy="120" r="54" fill="${light}"/><path d="M110 350c0-100 40-150 90-150s90 50 90 150z" fill="${light}"/>
    <path d="M175 270h50" stroke="${ink}" stroke-width="8" stroke-linecap="round" opacity="0.3"/>`,
  chart: ({ ink, light, accent }: Ink) => `
    <rect x="40" y="40" width="320" height="320" rx="18" fill="${light}"/>
    <path d="M80 320h240M80 320V80" stroke="${ink}" stroke-width="6" opacity="0.5"/>
    <rect x="100" y="220" width="44" height="100" fill="${accent}"/><rect x="164" y="160" width="44" height="160" fill="${accent}"/>
    <rect x="228" y="250" width="44" height="70" fill="${accent}"/><rect x="292" y="110" width="24" height="210" fill="${ink}" opacity="0.7"/>
    <path d="M100 180l60 -50l60 40l80 -80" stroke="${ink}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  bus: ({ ink, light, accent }: Ink) => `
    <rect x="30" y="110" width="340" height="190" rx="30" fill="${accent}"/>
    <rect x="55" y="135" width="70" height="70" rx="8" fill="${light}"/><rect x="140" y="135" width="70" height="70" rx="8" fill="${light}"/>
    <rect x="225" y="135" width="70" height="70" rx="8" fill="${light}"/><rect x="310" y="135" width="40" height="130" rx="8" fill="${light}"/>
    <rect x="30" y="235" width="280" height="14" fill="${ink}" opacity="0.4"/>
    <circle cx="105" cy="305" r="36" fill="${ink}"/><circle cx="105" cy="305" r="14" fill="${light}"/>
    <circle cx="295" cy="305" r="36" fill="${ink}"/><circle cx="295" cy="305" r="14" fill="${light}"/>`,
  books: ({ ink, light, accent }: Ink) => `
    <rect x="60" y="90" width="60" height="260" rx="6" fill="${accent}"/><rect x="128" y="60" width="70" height="290" rx="6" fill="${light}"/>
    <rect x="206" y="110" width="54" height="240" rx="6" fill="${accent}" opacity="0.8"/>
    <g transform="rotate(14 300 230)"><rect x="270" y="100" width="60" height="250" rx="6" fill="${light}"/></g>
    <path d="M140 100h46M140 300h46M70 130h40M216 150h34" stroke="${ink}" stroke-width="8" opacity="0.4"/>
    <rect x="40" y="350" width="320" height="16" rx="8" fill="${ink}" opacity="0.5"/>`,
  store: ({ ink, light, accent }: Ink) => `
    <rect x="60" y="150" width="280" height="210" fill="${light}"/>
    <path d="M40 150l30 -80h260l30 80z" fill="${accent}"/>
    <path d="M40 150a30 30 0 0 0 64 0a30 30 0 0 0 64 0a30 30 0 0 0 64 0a30 30 0 0 0 64 0a30 30 0 0 0 64 0" fill="${accent}"/>
    <rect x="90" y="220" width="100" height="140" fill="${ink}" opacity="0.8"/><rect x="215" y="220" width="100" height="80" fill="${accent}" opacity="0.5"/>
    <circle cx="175" cy="295" r="7" fill="${light}"/>`,
  phone: ({ ink, light, accent }: Ink) => `
    <rect x="120" y="30" width="160" height="340" rx="28" fill="${ink}"/><rect x="134" y="62" width="132" height="260" rx="8" fill="${light}"/>
    <circle cx="200" cy="150" r="44" fill="${accent}"/><path d="M182 150l12 14l26 -30" stroke="${light}" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="154" y="220" width="92" height="14" rx="7" fill="${accent}" opacity="0.6"/><rect x="154" y="250" width="62" height="14" rx="7" fill="${accent}" opacity="0.4"/>
    <rect x="180" y="340" width="40" height="8" rx="4" fill="${light}" opacity="0.7"/>`,
  camera: ({ ink, light, accent }: Ink) => `
    <rect x="30" y="120" width="250" height="180" rx="24" fill="${light}"/><path d="M280 180l90 -50v160l-90 -50z" fill="${accent}"/>
    <circle cx="100" cy="90" r="40" fill="${accent}"/><circle cx="200" cy="90" r="40" fill="${accent}"/>
    <circle cx="100" cy="90" r="14" fill="${ink}"/><circle cx="200" cy="90" r="14" fill="${ink}"/>
    <circle cx="75" cy="160" r="12" fill="#dc2626"/>`,
  megaphone: ({ ink, light, accent }: Ink) => `
    <path d="M70 160h60l170 -90v260l-170 -90h-60z" fill="${light}"/><rect x="50" y="160" width="40" height="80" rx="10" fill="${accent}"/>
    <path d="M130 240l20 100h40l-20 -100z" fill="${accent}"/>
    <path d="M330 140q30 60 0 120M350 110q50 90 0 180" stroke="${accent}" stroke-width="14" fill="none" stroke-linecap="round"/>
    <rect x="290" y="70" width="20" height="260" rx="10" fill="${ink}" opacity="0.5"/>`,
  plant: ({ ink, light, accent }: Ink) => `
    <path d="M200 340V170" stroke="${light}" stroke-width="14"/>
    <path d="M200 230c-80 0 -130 -50 -130 -130c80 0 130 50 130 130z" fill="${light}"/>
    <path d="M200 190c70 0 120 -50 120 -120c-70 0 -120 50 -120 120z" fill="${accent}"/>
    <path d="M110 300h180l-20 80h-140z" fill="${accent}"/><rect x="100" y="290" width="200" height="22" rx="6" fill="${ink}" opacity="0.5"/>`,
  star: ({ ink, light, accent }: Ink) => `
    <circle cx="200" cy="200" r="150" fill="${accent}" opacity="0.35"/>
    <path d="M200 50l42 98l106 9l-80 70l24 104l-92 -55l-92 55l24 -104l-80 -70l106 -9z" fill="${light}"/>
    <circle cx="200" cy="200" r="30" fill="${ink}" opacity="0.25"/>`,
  house: ({ ink, light, accent }: Ink) => `
    <path d="M40 190l160 -140l160 140z" fill="${accent}"/><rect x="75" y="185" width="250" height="175" fill="${light}"/>
    <rect x="170" y="260" width="60" height="100" fill="${ink}" opacity="0.8"/>
    <rect x="105" y="215" width="45" height="45" fill="${accent}" opacity="0.6"/><rect x="250" y="215" width="45" height="45" fill="${accent}" opacity="0.6"/>
    <path d="M40 340l320 -160" stroke="#dc2626" stroke-width="20" stroke-linecap="round" opacity="0.85"/>`,
  shield: ({ ink, light, accent }: Ink) => `
    <path d="M200 40l140 50v100c0 90 -60 150 -140 180c-80 -30 -140 -90 -140 -180v-100z" fill="${light}"/>
    <path d="M200 80l100 36v74c0 66 -44 110 -100 132z" fill="${accent}"/>
    <path d="M140 200l40 40l80 -90" stroke="${ink}" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  sun: ({ light, accent }: Ink) => `
    <circle cx="200" cy="260" r="110" fill="${accent}"/>
    <path d="M200 110v-60M110 150l-40 -40M290 150l40 -40M70 250h-50M330 250h50" stroke="${light}" stroke-width="16" stroke-linecap="round"/>
    <path d="M20 300c60 -20 120 20 180 0s120 -20 180 0v80h-360z" fill="${light}" opacity="0.85"/>`,
} satisfies Record<string, (ink: Ink) => string>

export type MotifName = keyof typeof MOTIFS

/** A motif placed with its 400×400 box scaled to `size` at (x, y). */
export const placeMotif = (name: MotifName, ink: Ink, x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 400})">${MOTIFS[name](ink)}</g>`
