import type { HTMLAttributes } from 'react'
import { badgeClass, type BadgeTone } from './styles'

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }

export function Badge({ tone, className, ...rest }: BadgeProps) {
  return <span className={badgeClass(tone, className)} {...rest} />
}
