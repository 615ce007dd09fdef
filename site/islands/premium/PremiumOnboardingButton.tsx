import { useRef, useState } from 'react'
import { buttonClass, type ButtonSize, type ButtonVariant } from '../ui/styles'
import PremiumOnboardingDialog from './PremiumOnboardingDialog'

export interface PremiumOnboardingButtonProps {
  label: string
  /** The signed-in member's username; null for a visitor. */
  username?: string | null
  startStep?: number
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/** A button that opens the Premium onboarding dialog (home promo block, SPEC §2). */
export default function PremiumOnboardingButton({ label, username = null, startStep = 0, variant = 'premium', size = 'lg', className }: PremiumOnboardingButtonProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button ref={buttonRef} type="button" aria-haspopup="dialog" className={buttonClass(variant, size, className)} onClick={() => setOpen(true)}>
        {label}
      </button>
      <PremiumOnboardingDialog open={open} onClose={() => setOpen(false)} username={username} startStep={startStep} returnFocusTo={buttonRef} />
    </>
  )
}
