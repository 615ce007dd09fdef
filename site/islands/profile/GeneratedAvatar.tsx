/** FNV-1a: a small, stable hash of the username (same avatar on every render and machine). */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (const ch of text) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/**
 * The avatar of a member without a picture: a mirrored 5×5 pattern and colours seeded by the
 * username, drawn locally as SVG (no avatar service, nothing leaves the site).
 */
export function GeneratedAvatar({ username, className }: { username: string; className?: string }) {
  const seed = hash(username.toLowerCase())
  const hue = seed % 360
  const cells: Array<[number, number]> = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((seed >>> ((row * 3 + col) % 30)) & 1) {
        cells.push([col, row])
        if (col < 2) cells.push([4 - col, row])
      }
    }
  }
  return (
    <svg viewBox="0 0 7 7" role="img" aria-label={`${username}'s avatar`} className={className} shapeRendering="crispEdges">
      <rect width="7" height="7" fill={`hsl(${hue} 60% 90%)`} />
      {cells.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x + 1} y={y + 1} width="1" height="1" fill={`hsl(${hue} 55% 38%)`} />
      ))}
    </svg>
  )
}
