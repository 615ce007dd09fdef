/**
 * Opening a recommended item marks it viewed (the /recommendations cards and the home page's For
 * You). The page is being left, so the request is sent with keepalive (sendBeacon can only POST)
 * and nobody waits for its answer.
 */
export function markViewed(id: string | number) {
  try {
    void fetch(`/api/recommendations/${encodeURIComponent(String(id))}/viewed`, { method: 'PATCH', credentials: 'include', keepalive: true }).catch(() => {})
  } catch {
    // A browser without keepalive support: the item simply stays unviewed.
  }
}
