import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

import type { FieldControlProps } from '../../ui/Field'
import { cx } from '../../ui/styles'
import { insertCodeBlock, insertLink, toggleInline, toggleLinePrefix, type Edit } from './markdown-edits'

type Action = { label: string; keys?: string; icon: ReactNode; run: (edit: Edit) => Edit }

// An icon that reads as a word ('H2', '1.', '`x`') would have to be part of the button's name
// (WCAG 2.5.3, label in name), so the icons are single letters or symbols.
const ACTIONS: Action[] = [
  { label: 'Bold', keys: 'Control+B Meta+B', icon: <strong>B</strong>, run: (e) => toggleInline(e, '**', 'bold text') },
  { label: 'Italic', keys: 'Control+I Meta+I', icon: <em className="font-serif">I</em>, run: (e) => toggleInline(e, '*', 'italic text') },
  { label: 'Heading', icon: <span>H</span>, run: (e) => toggleLinePrefix(e, '## ') },
  { label: 'Bulleted list', icon: <span aria-hidden="true">•</span>, run: (e) => toggleLinePrefix(e, '- ') },
  { label: 'Numbered list', icon: <OrderedListIcon />, run: (e) => toggleLinePrefix(e, '1. ') },
  { label: 'Quote', icon: <span aria-hidden="true">❝</span>, run: (e) => toggleLinePrefix(e, '> ') },
  { label: 'Link', keys: 'Control+K Meta+K', icon: <span className="underline">link</span>, run: (e) => insertLink(e) },
  { label: 'Inline code', icon: <code aria-hidden="true">{'</>'}</code>, run: (e) => toggleInline(e, '`', 'code') },
  { label: 'Code block', icon: <code>{'{ }'}</code>, run: (e) => insertCodeBlock(e) },
]

function OrderedListIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
    </svg>
  )
}

const SHORTCUTS: Record<string, string> = { b: 'Bold', i: 'Italic', k: 'Link' }

export interface MarkdownEditorProps extends FieldControlProps {
  value: string
  onChange: (value: string) => void
  rows?: number
}

/**
 * The post body as markdown in a textarea, with a toolbar of labelled buttons that write the
 * markdown for the creator (Ctrl/Cmd+B, I and K too). The server turns it into the same rich text
 * /cms edits (cms/services/posts/README.md: markdown).
 */
export function MarkdownEditor({ value, onChange, rows = 18, ...control }: MarkdownEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null)
  const pendingSelection = useRef<[number, number] | null>(null)

  useLayoutEffect(() => {
    const selection = pendingSelection.current
    const node = textarea.current
    if (!selection || !node) return
    pendingSelection.current = null
    node.focus()
    node.setSelectionRange(selection[0], selection[1])
  }, [value])

  function apply(action: Action) {
    const node = textarea.current
    if (!node) return
    const edit = action.run({ text: node.value, start: node.selectionStart, end: node.selectionEnd })
    pendingSelection.current = [edit.start, edit.end]
    onChange(edit.text)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
    const action = ACTIONS.find((a) => a.label === SHORTCUTS[event.key.toLowerCase()])
    if (!action) return
    event.preventDefault()
    apply(action)
  }

  return (
    <div className="overflow-hidden rounded-md border border-input bg-card">
      <div role="toolbar" aria-label="Formatting" aria-controls={control.id} className="flex flex-wrap gap-1 border-b border-border bg-muted/60 p-1.5">
        {ACTIONS.map((action) => (
          <button
            key={action.label}
            type="button"
            aria-label={action.label}
            title={action.keys ? `${action.label} (Ctrl/Cmd+${action.keys.split(' ')[0]!.split('+')[1]})` : action.label}
            aria-keyshortcuts={action.keys}
            // Keeps the textarea's selection: the button acts on it without taking focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => apply(action)}
            className="inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm text-foreground hover:bg-card"
          >
            {action.icon}
          </button>
        ))}
      </div>
      <textarea
        ref={textarea}
        {...control}
        rows={rows}
        value={value}
        spellCheck
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className={cx(
          'block w-full resize-y border-0 bg-transparent px-3 py-2 font-mono text-sm leading-6 text-card-foreground',
          'placeholder:text-muted-foreground',
        )}
        placeholder={'## A heading\n\nWrite with **bold**, *italics*, [links](https://example.org), lists:\n\n- one\n- two'}
      />
    </div>
  )
}
