// Tabs: Radix's primitive (roving focus, arrow keys, automatic activation, ARIA tabs pattern),
// styled the shadcn/ui way. Muted-foreground on muted keeps 6.66:1 (light) and 7.46:1 (dark).
import * as TabsPrimitive from '@radix-ui/react-tabs'
import type { ComponentProps } from 'react'

import { cx } from './styles'

export const Tabs = TabsPrimitive.Root

/** `className` replaces the default layout (inline-flex), e.g. a 2×2 grid on phones. */
export function TabsList({ className = 'inline-flex', ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx('max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      // Radix gives its trigger type="button"; on a link (asChild) `type` means a MIME type, so
      // "button" there is invalid HTML.
      {...(props.asChild ? { type: undefined } : {})}
      className={cx(
        'inline-flex min-h-9 items-center justify-center rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap no-underline transition-colors',
        'hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-border',
        'text-muted-foreground focus-visible:outline-offset-0',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx('mt-5', className)} {...props} />
}
