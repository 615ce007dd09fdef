import { PREMIUM_PRICE_PER_MONTH_LABEL } from '../../shared/constants'
import { ButtonLink } from './ui/Button'
import { Dialog } from './ui/Dialog'
import { PremiumBenefitList } from './premium/benefits'

/**
 * The upgrade offer after registration, in "auto-redirect mode": no 'Maybe Later', closing
 * (button, Escape, backdrop) goes home. Server-rendered open, so it reads without JS; hydration
 * adds the focus trap and Escape.
 */
export default function WelcomePremiumDialog() {
  const leave = () => window.location.assign('/')
  return (
    <Dialog
      open
      onClose={leave}
      titleAs="h1"
      title="Unlock Premium"
      description="Get the full story and support independent community journalism."
      closeHref="/"
    >
      <PremiumBenefitList />
      <p className="mt-6 text-center">
        <span className="font-display text-4xl font-bold">{PREMIUM_PRICE_PER_MONTH_LABEL}</span>
        <span className="block text-sm text-muted-foreground">Cancel anytime</span>
      </p>
      <ButtonLink href="/subscribe" variant="premium" size="lg" className="mt-4 w-full">
        Upgrade to Premium
      </ButtonLink>
    </Dialog>
  )
}
