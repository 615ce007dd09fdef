import { useEffect, useState } from 'react'

/**
 * "Now" for relative times: the server's render time first (so the hydrated text matches the
 * HTML), then the browser's clock, refreshed every minute.
 */
export function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt))
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
