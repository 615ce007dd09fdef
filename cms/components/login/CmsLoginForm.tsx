'use client'

import { Form, FormSubmit, Link, PasswordField, TextField, useAuth, useConfig, useTranslation } from '@payloadcms/ui'
import { formatAdminURL, getSafeRedirect, username } from 'payload/shared'
import React from 'react'

/**
 * Payload's username sign-in form (its LoginForm), whose "Forgot password?" link is offered only
 * while password reset is on (PASSWORD_RESET=true): with it off the link led to a form that said
 * "Email sent" though no email would come.
 */
export function CmsLoginForm({ redirect, offerPasswordReset }: { redirect?: string; offerPasswordReset: boolean }) {
  const { config } = useConfig()
  const { t } = useTranslation()
  const { setUser } = useAuth()
  const { admin: adminRoute, api: apiRoute } = config.routes
  const userSlug = config.admin.user

  return (
    <Form
      action={formatAdminURL({ apiRoute, path: `/${userSlug}/login` })}
      className="login__form"
      disableSuccessStatus
      initialState={{ password: { initialValue: undefined, valid: true, value: undefined }, username: { initialValue: undefined, valid: true, value: undefined } }}
      method="POST"
      onSuccess={(data) => setUser(data as Parameters<typeof setUser>[0])}
      redirect={getSafeRedirect({ fallbackTo: adminRoute, redirectTo: redirect ?? '' })}
      waitForAutocomplete
    >
      <div className="login__form__inputWrap">
        <TextField field={{ name: 'username', label: t('authentication:username'), required: true }} path="username" validate={username} />
        <PasswordField field={{ name: 'password', label: t('general:password'), required: true }} path="password" />
      </div>
      {offerPasswordReset ? (
        <Link href={formatAdminURL({ adminRoute, path: config.admin.routes.forgot })} prefetch={false}>
          {t('authentication:forgotPasswordQuestion')}
        </Link>
      ) : null}
      <FormSubmit size="large">{t('authentication:login')}</FormSubmit>
    </Form>
  )
}
