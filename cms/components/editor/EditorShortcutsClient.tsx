'use client'
// Keyboard habits writers bring from other editors (Google Docs, Ghost, Notion), for the post editor:
// - Ctrl+K / ⌘K on selected text opens the link box (what the toolbar's link button does);
// - ``` (or ```ts) then Enter or Space, alone on a line, starts a code block.
import { $createBlockNode, createClientFeature } from '@payloadcms/richtext-lexical/client'
import {
  $createParagraphNode,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_HIGH,
  KEY_ENTER_COMMAND,
  KEY_MODIFIER_COMMAND,
  KEY_SPACE_COMMAND,
  type LexicalEditor,
} from '@payloadcms/richtext-lexical/lexical'
import { useLexicalComposerContext } from '@payloadcms/richtext-lexical/lexical/react/LexicalComposerContext'
import { mergeRegister } from '@payloadcms/richtext-lexical/lexical/utils'
import { useEffect } from 'react'

import { codeFenceLanguage } from './code-fence'

/** Presses the link button of the toolbar shown over the selection; false when there is none to press. */
function openLinkBox(editor: LexicalEditor): boolean {
  const root = editor.getRootElement()
  const scope = root?.closest('.rich-text-lexical') ?? root?.parentElement
  const button = scope?.querySelector<HTMLButtonElement>('button[data-button-key="link"]')
  // Pressed on text that is already a link, the button would remove it: the link's own box is open then.
  if (!button || button.classList.contains('active')) return false
  button.click()
  return true
}

/** Turns a paragraph holding only a code fence into an empty code block, and puts the cursor in its code box. */
function startCodeBlock(editor: LexicalEditor, event: KeyboardEvent | null): boolean {
  const selection = $getSelection()
  if (!$isRangeSelection(selection) || !selection.isCollapsed()) return false
  const paragraph = selection.anchor.getNode().getTopLevelElement()
  if (!$isParagraphNode(paragraph)) return false
  const language = codeFenceLanguage(paragraph.getTextContent())
  if (language === null || selection.anchor.offset !== paragraph.getTextContent().length) return false
  event?.preventDefault()
  const block = $createBlockNode({ blockType: 'Code', blockName: '', language, code: '' } as never)
  paragraph.replace(block)
  if (!block.getNextSibling()) block.insertAfter($createParagraphNode())
  // No text selection left for Lexical to put back: the block's code box takes the typing once drawn.
  $setSelection(null)
  focusCodeBox(editor, block.getKey())
  return true
}

/** Focuses the code box of the block `key` as soon as React has drawn it (within a second). */
function focusCodeBox(editor: LexicalEditor, key: string, triesLeft = 60) {
  requestAnimationFrame(() => {
    const box = editor.getElementByKey(key)?.querySelector('textarea')
    if (box) box.focus()
    else if (triesLeft > 0) focusCodeBox(editor, key, triesLeft - 1)
  })
}

function EditorShortcutsPlugin() {
  const [editor] = useLexicalComposerContext()
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          KEY_MODIFIER_COMMAND,
          (event) => {
            if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false
            const hasText = editor.getEditorState().read(() => {
              const selection = $getSelection()
              return $isRangeSelection(selection) && !selection.isCollapsed() && selection.getTextContent().trim().length > 0
            })
            if (!hasText || !openLinkBox(editor)) return false
            event.preventDefault()
            return true
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(KEY_ENTER_COMMAND, (event) => startCodeBlock(editor, event), COMMAND_PRIORITY_HIGH),
        editor.registerCommand(KEY_SPACE_COMMAND, (event) => startCodeBlock(editor, event), COMMAND_PRIORITY_HIGH),
      ),
    [editor],
  )
  return null
}

export const EditorShortcutsClient = createClientFeature({
  plugins: [{ Component: EditorShortcutsPlugin, position: 'normal' }],
})
