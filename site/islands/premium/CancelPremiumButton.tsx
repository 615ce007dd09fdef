import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useMutation } from '@tanstack/react-query'

import { messageFromApiError } from '../../../shared/api-error'
import { formatDate } from '../../../shared/format'
import { CANCEL_PREMIUM_FAILED, PREMIUM_CANCELLED, premiumUntil } from '../../../shared/messages'
import { apiJson } from '../../lib/api-client'
import { withQueryClient } from '../../lib/query-client'
import { queueToastForNextPage, toast } from '../../lib/stores/toast-store'
import { buttonClass } from '../ui/styles'

export interface CancelPremiumButtonProps {
  /** When the paid period ends (ISO): Premium stays until then. */
  paidUntil: string
}

type CancelResponse = { success: boolean; message: string; premiumUntil: string | null }

/**
 * Cancel anytime (SPEC §1): asks first, then POST /api/user/premium-subscription/cancel. PayPal
 * stops the renewals; Premium stays until the end of the paid period, which the page then shows.
 */
function CancelPremiumButton({ paidUntil }: CancelPremiumButtonProps) {
  const cancel = useMutation({
    mutationFn: () => apiJson<CancelResponse>('POST', '/api/user/premium-subscription/cancel'),
    onSuccess: (result) => {
      queueToastForNextPage({ title: PREMIUM_CANCELLED, description: premiumUntil(formatDate(result.premiumUntil ?? paidUntil)) })
      window.location.reload()
    },
    onError: (error) => toast({ title: CANCEL_PREMIUM_FAILED, description: messageFromApiError(error), variant: 'destructive' }),
  })
  const busy = cancel.isPending || cancel.isSuccess

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass('outline', 'md')} disabled={busy}>
        Cancel subscription
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-background p-6 text-foreground shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">Cancel your Premium subscription?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted-foreground">
            PayPal will not charge you again. You keep every Premium benefit until {formatDate(paidUntil)}.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')}>Keep Premium</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass('destructive', 'md')}
              disabled={busy}
              onClick={(event) => {
                // Stay open while the request runs; the page reloads when it is done.
                event.preventDefault()
                cancel.mutate()
              }}
            >
              {busy ? 'Cancelling…' : 'Cancel subscription'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

export default withQueryClient(CancelPremiumButton)
