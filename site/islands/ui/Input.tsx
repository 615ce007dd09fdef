import type { InputHTMLAttributes, Ref } from 'react'
import { INPUT_CLASS, cx } from './styles'

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }

export function Input({ className, ...rest }: InputProps) {
  return <input className={cx(INPUT_CLASS, className)} {...rest} />
}
