import { badgeClass } from '../ui/styles'

/** The red LIVE pill of a stream on air. */
export function LiveBadge() {
  return (
    <span className={badgeClass('plain', 'bg-red-600 tracking-wide text-white uppercase')} data-testid="live-badge">
      <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-white motion-reduce:animate-none" />
      Live
    </span>
  )
}

export function PremiumBadge() {
  return (
    <span className={badgeClass('premium')} data-testid="premium-badge">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="currentColor">
        <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
      </svg>
      Premium
    </span>
  )
}
