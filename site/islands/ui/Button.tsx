import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react'
import { buttonClass, type ButtonSize, type ButtonVariant } from './styles'

interface Styling {
  variant?: ButtonVariant
  size?: ButtonSize
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Styling

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />
}

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & Styling & { href: string }

/** A link that looks like a button: navigation stays a real <a> (works without JS, opens in tabs). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <a className={buttonClass(variant, size, className)} {...rest} />
}
