import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'

const box = 'rounded-xl border border-dashed border-border px-4 py-10'

/** A For You list while it loads: a spinner and what is coming. */
export function ListLoading({ what }: { what: string }) {
  return (
    <p className={`flex items-center gap-2 ${box} text-muted-foreground`} role="status">
      <Spinner /> Loading your {what}...
    </p>
  )
}

/** A For You list that could not load: why, and a way to try again. */
export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`${box} text-center`} role="alert">
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
