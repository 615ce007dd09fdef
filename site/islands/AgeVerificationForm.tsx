import { useMutation } from '@tanstack/react-query'
import { messageFromApiError } from '../../shared/api-error'
import type { PointsAward } from '../../shared/types/points'
import {
  AGE_VERIFICATION_COMPLETE,
  AGE_VERIFICATION_COMPLETE_DESCRIPTION,
  AGE_VERIFICATION_FAILED,
  MIN_AGE_MESSAGE,
} from '../../shared/messages'
import { verifyAgeSchema, type AuthResponse, type VerifyAgeData } from '../../shared/schemas/auth'
import { apiJson } from '../lib/api-client'
import { queueAwardForNextPage } from '../lib/stores/points-store'
import { setMe, withQueryClient } from '../lib/query-client'
import { queueToastForNextPage, toast } from '../lib/stores/toast-store'
import { Button } from './ui/Button'
import { Spinner } from './ui/Spinner'
import { Field } from './ui/Field'
import { Input } from './ui/Input'
import { useZodForm } from './ui/use-zod-form'

export interface AgeVerificationFormProps {
  /** Today as 'YYYY-MM-DD' (UTC): the date input's max. */
  maxDate: string
  /** Arrived straight from registration (?registered=1): continue to the Premium offer. */
  registered: boolean
}

function AgeVerificationForm({ maxDate, registered }: AgeVerificationFormProps) {
  const form = useZodForm(verifyAgeSchema, { dateOfBirth: '' }, 'verify')

  const verify = useMutation({
    mutationFn: (data: VerifyAgeData) => apiJson<AuthResponse & { award?: PointsAward }>('POST', '/api/auth/verify-age', data),
    onSuccess: (body) => {
      if (body?.user) setMe(body.user)
      queueAwardForNextPage(body?.award, { activityType: 'age_verification' })
      queueToastForNextPage({ title: AGE_VERIFICATION_COMPLETE, description: AGE_VERIFICATION_COMPLETE_DESCRIPTION })
      window.location.assign(registered ? '/welcome-premium' : '/')
    },
    onError: (error) => {
      toast({ title: AGE_VERIFICATION_FAILED, description: messageFromApiError(error), variant: 'destructive' })
    },
  })
  const busy = verify.isPending || verify.isSuccess

  return (
    <form
      ref={form.formRef}
      method="post"
      noValidate
      className="space-y-5"
      onSubmit={form.handleSubmit((data) => {
        if (!busy) verify.mutate(data)
      })}
    >
      <Field id={form.id('dateOfBirth')} label="Confirm date of birth" hint={MIN_AGE_MESSAGE} error={form.errors.dateOfBirth}>
        {(a11y) => <Input {...a11y} {...form.field('dateOfBirth')} type="date" max={maxDate} autoComplete="bday" required />}
      </Field>
      <Button type="submit" size="lg" className="w-full" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? <Spinner /> : null}
        Verify My Age
      </Button>
    </form>
  )
}

export default withQueryClient(AgeVerificationForm)
