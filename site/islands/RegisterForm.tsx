import { useMutation } from '@tanstack/react-query'
import { messageFromApiError } from '../../shared/api-error'
import type { PointsAward } from '../../shared/types/points'
import { MIN_AGE_MESSAGE, REGISTRATION_FAILED, REGISTRATION_SUCCESSFUL, welcomeToCommunity } from '../../shared/messages'
import { registerSchema, type AuthResponse, type RegisterData } from '../../shared/schemas/auth'
import { apiJson } from '../lib/api-client'
import { queueAwardForNextPage } from '../lib/stores/points-store'
import { setMe, withQueryClient } from '../lib/query-client'
import { queueToastForNextPage, toast } from '../lib/stores/toast-store'
import { Button } from './ui/Button'
import { Spinner } from './ui/Spinner'
import { Field } from './ui/Field'
import { Input } from './ui/Input'
import { PasswordInput } from './ui/PasswordInput'
import { useZodForm } from './ui/use-zod-form'

export interface RegisterFormProps {
  /** Today as 'YYYY-MM-DD' (UTC, the day the schema checks against): the date input's max. */
  maxDate: string
}

function RegisterForm({ maxDate }: RegisterFormProps) {
  const form = useZodForm(
    registerSchema,
    { username: '', email: '', dateOfBirth: '', password: '', confirmPassword: '' },
    'register',
  )

  const register = useMutation({
    mutationFn: (data: RegisterData) => apiJson<AuthResponse & { award?: PointsAward }>('POST', '/api/auth/register', data),
    onSuccess: ({ user, award }, data) => {
      setMe(user)
      queueAwardForNextPage(award, { activityType: 'community_join' })
      queueToastForNextPage({
        title: REGISTRATION_SUCCESSFUL,
        description: welcomeToCommunity(user?.username ?? data.username),
      })
      window.location.assign('/age-verification?registered=1')
    },
    onError: (error) => {
      toast({ title: REGISTRATION_FAILED, description: messageFromApiError(error), variant: 'destructive' })
    },
  })
  const busy = register.isPending || register.isSuccess

  return (
    <form
      ref={form.formRef}
      method="post"
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((data) => {
        if (!busy) register.mutate(data)
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
      <Field id={form.id('email')} label="Email" labelSuffix="(optional)" error={form.errors.email}>
        {(a11y) => <Input {...a11y} {...form.field('email')} type="email" autoComplete="email" />}
      </Field>
      <Field id={form.id('dateOfBirth')} label="Date of birth" hint={MIN_AGE_MESSAGE} error={form.errors.dateOfBirth}>
        {(a11y) => <Input {...a11y} {...form.field('dateOfBirth')} type="date" max={maxDate} autoComplete="bday" required />}
      </Field>
      <Field id={form.id('password')} label="Password" error={form.errors.password}>
        {(a11y) => <PasswordInput {...a11y} {...form.field('password')} autoComplete="new-password" required />}
      </Field>
      <Field id={form.id('confirmPassword')} label="Confirm password" error={form.errors.confirmPassword}>
        {(a11y) => <PasswordInput {...a11y} {...form.field('confirmPassword')} autoComplete="new-password" required />}
      </Field>
      <Button type="submit" size="lg" className="w-full" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? <Spinner /> : null}
        Create Account
      </Button>
    </form>
  )
}

export default withQueryClient(RegisterForm)
