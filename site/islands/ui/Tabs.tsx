// Tabs: Radix's primitive (roving focus, arrow keys, automatic activation, ARIA tabs pattern),
// styled the shadcn/ui way. Muted-foreground on muted keeps 6.66:1 (light) and 7.46:1 (dark).
import * as TabsPrimitive from '@radix-ui/react-tabs'
import { type ComponentProps, type MouseEvent, useState } from 'react'

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

/**
 * Tabs that are also links (?tab=…, or another `param`), so they work before and without
 * JavaScript: the selected tab, and `select`, which shows a tab and puts it in the address without
 * a new history entry.
 */
export function useLinkedTab<T extends string>(tabs: readonly T[], initial: T, param = 'tab'): [T, (value: string) => void] {
  const [tab, setTab] = useState<T>(initial)
  const select = (value: string) => {
    const next = tabs.find((t) => t === value)
    if (!next) return
    setTab(next)
    const url = new URL(window.location.href)
    url.searchParams.set(param, next)
    window.history.replaceState(window.history.state, '', url)
  }
  return [tab, select]
}

/** A plain click switches the tab in place; a modified one (new tab, new window) follows the link. */
const stayHere = (event: MouseEvent<HTMLAnchorElement>) => {
  if (!event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) event.preventDefault()
}

/** The list of a useLinkedTab's tabs, each a link to ?tab=… (or ?`param`=…). */
export function LinkedTabsList<T extends string>({ tabs, labels, param = 'tab', ...props }: { tabs: readonly T[]; labels: Record<T, string>; param?: string } & ComponentProps<typeof TabsList>) {
  return (
    <TabsList {...props}>
      {tabs.map((t) => (
        <TabsTrigger key={t} value={t} asChild>
          <a href={`?${param}=${t}`} onClick={stayHere}>
            {labels[t]}
          </a>
        </TabsTrigger>
      ))}
    </TabsList>
  )
}
