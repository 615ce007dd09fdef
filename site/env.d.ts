/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in member in the public shape of GET /api/auth/me, or null for a visitor. */
    user: import('../shared/schemas/auth').SessionUser | null
    /** The Payload user document, for Local API calls made on the member's behalf (overrideAccess: false). */
    authUser: import('../cms/payload-types').User | null
    /** The client's address as Express found it (`req.ip`, under TRUST_PROXY's rule: server/client-ip.ts). */
    clientAddress?: string
  }
}
