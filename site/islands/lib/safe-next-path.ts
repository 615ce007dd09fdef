/**
 * Where to go after signing in: the ?next= value when it is a path on this site, else '/'.
 * Refuses other origins ('//evil.example', '/\evil.example', 'https://…') so the login form can
 * never be used as an open redirect, and the account pages themselves (no loop back to /login).
 */
export function safeNextPath(raw: string | null | undefined, origin: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/'
  try {
    const url = new URL(raw, origin)
    if (url.origin !== origin || ['/login', '/register'].includes(url.pathname)) return '/'
    // Normalising can turn '/.//evil.example' into '//evil.example', which a browser reads as
    // another host: collapse any run of leading slashes so the result stays a path here.
    const path = url.pathname.replace(/^[/\\]+/, '/')
    return `${path}${url.search}${url.hash}`
  } catch {
    return '/'
  }
}
