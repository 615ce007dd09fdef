/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in member in the public shape of GET /api/auth/me, or null for a visitor. */
    user: import('../shared/schemas/auth').SessionUser | null
    /** The Payload user document, for Local API calls made on the member's behalf (overrideAccess: false). */
    authUser: import('../cms/payload-types').User | null
    /** The client's address as Express found it (`req.ip`, under TRUST_PROXY's rule: server/client-ip.ts). */
    clientAddress?: string
    /** Set by server/member-page-cache.ts: mark the member's own parts (site/lib/member-parts.ts). */
    memberShell?: boolean
    /** When what this page shows changes by itself (epoch ms, e.g. an announcement expires): no kept copy outlives it. */
    changesAt?: number | null
    /** Set by a page whose HTML, but for its member parts, is the same for everyone of an audience. */
    shareableShell?: boolean
    /** Set by server/member-page-cache.ts for /member-parts: the parts to render for this member. */
    memberParts?: import('./lib/member-parts').PartSpec[]
  }
}
