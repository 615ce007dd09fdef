import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { PREMIUM_PRICE_PER_MONTH_LABEL } from '../../../shared/constants'
import { Dialog } from '../ui/Dialog'
import { CheckIcon, PremiumBenefitList } from './benefits'
import { buttonClass } from '../ui/styles'
import { clampStep, FIRST_STEP, LAST_STEP, ONBOARDING_STEPS, progressPercent } from './onboarding-steps'

export const COMPLETE_SUBSCRIPTION_LABEL = `Complete Subscription - ${PREMIUM_PRICE_PER_MONTH_LABEL}`

const PRICING_BULLETS = [
  'Every Premium benefit, nothing held back',
  'One simple plan: no tiers, no upsells',
  'No setup fees or hidden charges',
  'Cancel anytime from your account',
  'Directly funds independent community journalism',
] as const

const PAYMENT_BULLETS = [
  'Payments are processed securely by PayPal',
  'Your card details never reach our servers',
  'Every payment is encrypted end to end (SSL)',
  'Accepted methods: Visa, MC, Amex, PayPal',
] as const

const PAYMENT_METHODS = ['Visa', 'MC', 'Amex', 'PayPal'] as const

export interface PremiumOnboardingDialogProps {
  open: boolean
  onClose: () => void
  /** Greeted on the Welcome step; visitors (null) get a generic greeting. */
  username?: string | null
  /** Step shown on opening (0–3); changing it resets the dialog to it. */
  startStep?: number
  returnFocusTo?: RefObject<HTMLElement | null>
}

/** The 4-step Premium onboarding (SPEC §2): Welcome, Features, Pricing, Payment. */
export default function PremiumOnboardingDialog({ open, onClose, username, startStep = FIRST_STEP, returnFocusTo }: PremiumOnboardingDialogProps) {
  const start = clampStep(startStep)
  const [step, setStep] = useState(start)
  // Reset when the start step changes, and whenever the dialog opens again (adjusted during render).
  const [appliedStart, setAppliedStart] = useState(start)
  const [wasOpen, setWasOpen] = useState(open)
  if (appliedStart !== start || wasOpen !== open) {
    setAppliedStart(start)
    setWasOpen(open)
    if (appliedStart !== start || open) setStep(start)
  }

  // A control that becomes disabled drops focus; hand it to the obvious next control instead.
  const continueRef = useRef<HTMLButtonElement>(null)
  const completeRef = useRef<HTMLAnchorElement>(null)
  const [pendingFocus, setPendingFocus] = useState<'continue' | 'complete' | null>(null)
  useEffect(() => {
    if (!pendingFocus) return
    ;(pendingFocus === 'complete' ? completeRef : continueRef).current?.focus()
    setPendingFocus(null)
  }, [pendingFocus])

  const go = (next: number) => {
    const target = clampStep(next)
    setStep(target)
    if (target === LAST_STEP) setPendingFocus('complete')
    else if (target === FIRST_STEP) setPendingFocus('continue')
  }

  const percent = progressPercent(step)
  const titles = [username ? `Welcome, ${username}!` : 'Welcome to Premium!', 'Premium Features', 'Simple Pricing', 'Secure Payment']

  return (
    <Dialog open={open} onClose={onClose} title={titles[step]} returnFocusTo={returnFocusTo} className="sm:max-w-xl">
      <div>
        <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
          <span>
            Step {step + 1} of {ONBOARDING_STEPS.length}: {ONBOARDING_STEPS[step]}
          </span>
          <span data-testid="onboarding-progress">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% (step ${step + 1} of ${ONBOARDING_STEPS.length})`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-accent transition-[width] duration-300" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <div className="mt-6 min-h-56" aria-live="polite">
        {step === 0 ? <WelcomeStep signedIn={Boolean(username)} /> : null}
        {step === 1 ? <FeaturesStep /> : null}
        {step === 2 ? <PricingStep /> : null}
        {step === 3 ? <PaymentStep completeRef={completeRef} /> : null}
      </div>

      <div className="mt-6 flex items-center justify-between gap-3 border-t border-border pt-5">
        <button type="button" className={buttonClass('outline')} disabled={step === FIRST_STEP} onClick={() => go(step - 1)}>
          Back
        </button>
        <button ref={continueRef} type="button" className={buttonClass('primary')} disabled={step === LAST_STEP} onClick={() => go(step + 1)}>
          Continue
        </button>
      </div>
    </Dialog>
  )
}

function WelcomeStep({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <CrownIcon />
      </div>
      <p className="mt-4 text-lg">
        {signedIn ? 'Thank you for being part of the community.' : 'Thank you for your interest in supporting our work.'} Premium gives you
        the full, uncut story and keeps independent community journalism going.
      </p>
      <p className="mt-3 text-sm text-muted-foreground">Next: what you get, what it costs and how to pay securely.</p>
    </div>
  )
}

function FeaturesStep() {
  return <PremiumBenefitList />
}

function PricingStep() {
  return (
    <div>
      <p className="text-center">
        <span className="font-display text-5xl font-bold">{PREMIUM_PRICE_PER_MONTH_LABEL}</span>
      </p>
      <BulletList items={PRICING_BULLETS} />
    </div>
  )
}

function PaymentStep({ completeRef }: { completeRef: RefObject<HTMLAnchorElement | null> }) {
  return (
    <div>
      <BulletList items={PAYMENT_BULLETS} />
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Accepted payment methods">
        {PAYMENT_METHODS.map((method) => (
          <li key={method} className="rounded-md border border-input px-2.5 py-1 text-xs font-bold tracking-wide">
            {method}
          </li>
        ))}
      </ul>
      <a ref={completeRef} href="/subscribe" className={buttonClass('premium', 'lg', 'mt-6 h-auto min-h-12 w-full px-4 py-2 text-center whitespace-normal!')}>
        {COMPLETE_SUBSCRIPTION_LABEL}
      </a>
    </div>
  )
}

function BulletList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="mt-4 space-y-2.5">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

function CrownIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 11H5z" />
      <path d="M5 21h14" />
    </svg>
  )
}
