import { useMutation } from '@tanstack/react-query'
import { messageFromApiError } from '../../shared/api-error'
import { LOGIN_FAILED, LOGIN_SUCCESSFUL, welcomeBack } from '../../shared/messages'
import { loginSchema, type AuthResponse, type LoginData } from '../../shared/schemas/auth'
import { apiJson } from '../lib/api-client'
import { setMe, withQueryClient } from '../lib/query-client'
import { queueToastForNextPage, toast } from '../lib/stores/toast-store'
import { safeNextPath } from './lib/safe-next-path'
import { Button } from './ui/Button'
import { Field } from './ui/Field'
import { Input } from './ui/Input'
import { PasswordInput } from './ui/PasswordInput'
import { useZodForm } from './ui/use-zod-form'

function LoginForm() {
  const form = useZodForm(loginSchema, { username: '', password: '' }, 'login')

  const login = useMutation({
    mutationFn: (data: LoginData) => apiJson<AuthResponse>('POST', '/api/auth/login', data),
    onSuccess: ({ user }) => {
      setMe(user)
      queueToastForNextPage({ title: LOGIN_SUCCESSFUL, description: welcomeBack(user?.username) })
      const next = new URLSearchParams(window.location.search).get('next')
      window.location.assign(safeNextPath(next, window.location.origin))
    },
    onError: (error) => {
      toast({ title: LOGIN_FAILED, description: messageFromApiError(error), variant: 'destructive' })
    },
  })
  // Stays busy after success too: the next page is loading.
  const busy = login.isPending || login.isSuccess

  return (
    // method=post keeps credentials out of the URL if someone submits before hydration.
    <form
      ref={form.formRef}
      method="post"
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((data) => {
        if (!busy) login.mutate(data)
      })}
    >
      <Field id={form.id('username')} label="Username" error={form.errors.username}>
        {(a11y) => (
          <Input
            {...a11y}
            {...form.field('username')}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
        )}
      </Field>
      <Field id={form.id('password')} label="Password" error={form.errors.password}>
        {(a11y) => <PasswordInput {...a11y} {...form.field('password')} autoComplete="current-password" required />}
      </Field>
      <Button type="submit" size="lg" className="w-full" aria-disabled={busy || undefined}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}

export default withQueryClient(LoginForm)
