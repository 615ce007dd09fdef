import type { AdminViewServerProps } from 'payload'
import { PayloadLogo } from '@payloadcms/ui/shared'
import { redirect } from 'next/navigation.js'
import { getSafeRedirect } from 'payload/shared'
import React from 'react'

import { passwordResetEnabled } from '../../services/auth/password-reset'
import { CmsLoginForm } from './CmsLoginForm'

/** /cms/login: Payload's login screen (its LoginView), with the reset link only while reset is on. */
export function CmsLoginView({ initPageResult, searchParams }: AdminViewServerProps) {
  const { config } = initPageResult.req.payload
  const redirectTo = typeof searchParams?.redirect === 'string' ? searchParams.redirect : undefined
  if (initPageResult.req.user) redirect(getSafeRedirect({ fallbackTo: config.routes.admin, redirectTo: redirectTo ?? '' }))
  return (
    <>
      <div className="login__brand">
        <PayloadLogo />
      </div>
      <CmsLoginForm redirect={redirectTo} offerPasswordReset={passwordResetEnabled()} />
    </>
  )
}
