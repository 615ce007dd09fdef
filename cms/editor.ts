// The creator's post editor (Lexical): Payload's default features, with pickers that offer the
// site's content only, and two blocks of our own: a code block and a YouTube embed. Everything
// offered here has a converter in cms/services/posts/html.ts; a feature without one is not offered.
import {
  BlocksFeature,
  CodeBlock,
  createServerFeature,
  lexicalEditor,
  LinkFeature,
  UploadFeature,
} from '@payloadcms/richtext-lexical'
import type { Block, TextFieldSingleValidation } from 'payload'

import { CODE_LANGUAGES, toCodeLanguage } from '../shared/code-languages'
import { parseYouTubeId, YOUTUBE_INPUT_ERROR } from '../shared/youtube'

/** The collections an internal link may point at: each has a page on the site (html.ts resolves it). */
export const LINKABLE_COLLECTIONS = ['posts', 'videos', 'categories'] as const

const payloadCodeBlock = CodeBlock({ languages: { ...CODE_LANGUAGES }, defaultLanguage: 'plaintext' })

/**
 * Payload's CodeBlock (its header: language menu, copy, collapse; its markdown form: a ``` fence),
 * with the code typed in a plain textarea: Payload's code field is Monaco, which loads from a CDN
 * that /cms's CSP blocks. A fence's language (```ts) is stored as one of CODE_LANGUAGES.
 */
export const CodeBlockConfig: Block = {
  ...payloadCodeBlock,
  labels: { singular: 'Code', plural: 'Code blocks' },
  fields: payloadCodeBlock.fields.map((field) =>
    'name' in field && field.name === 'code'
      ? { name: 'code', type: 'textarea', label: 'Code', admin: { rows: 8, className: 'code-block-textarea' } }
      : field,
  ),
  jsx: payloadCodeBlock.jsx && {
    ...payloadCodeBlock.jsx,
    import: (args) => {
      // Payload reads a one-line fence without a language (```\ncode\n```) as the inline form
      // ```code``` and prepends the missing language: "undefinedcode". Only a fence opened and
      // closed on the same line is the inline form.
      const { openMatch, closeMatch } = args
      const opensAlone = (openMatch?.input ?? '').trim() === '```' + (openMatch?.[1] ?? '')
      if (closeMatch && opensAlone && openMatch && !openMatch[1]) {
        return { code: args.children.replace(/^\n/, '').replace(/\n$/, ''), language: toCodeLanguage('') }
      }
      const fields = payloadCodeBlock.jsx!.import!(args)
      return fields && { ...fields, language: toCodeLanguage(fields.language) }
    },
  },
}

const toJsxAttribute = (value: unknown) => String(value ?? '').replace(/&/g, '&amp;')
const fromJsxAttribute = (value: unknown) => String(value ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

const validateYouTube: TextFieldSingleValidation = (value) => (parseYouTubeId(value) ? true : YOUTUBE_INPUT_ERROR)

/** A YouTube video in a post: rendered as the site's click-to-load player (youtube-nocookie.com). */
export const YouTubeBlock: Block = {
  slug: 'YouTube',
  interfaceName: 'YouTubeBlock',
  labels: { singular: 'YouTube video', plural: 'YouTube videos' },
  fields: [
    {
      name: 'url',
      type: 'text',
      label: 'YouTube link or video id',
      required: true,
      maxLength: 300,
      validate: validateYouTube,
      admin: { description: 'Paste the video’s link (youtube.com/watch?v=…, youtu.be/…). A link with a start time (…&t=42s) starts the video there. Nothing loads from YouTube until a reader presses play.' },
    },
    { name: 'caption', type: 'text', maxLength: 300, admin: { description: 'Optional: shown under the video.' } },
  ],
  // In the admin API's markdown: <YouTube url="…" caption="…"/>. Payload writes a `"` in a value
  // as &quot; but reads it back as it stands, so & is written as &amp; here and both are read back.
  jsx: {
    import: ({ props }) => ({
      url: fromJsxAttribute(props.url),
      ...(props.caption ? { caption: fromJsxAttribute(props.caption) } : {}),
    }),
    export: ({ fields }) => ({
      props: { url: toJsxAttribute(fields.url), ...(fields.caption ? { caption: toJsxAttribute(fields.caption) } : {}) },
    }),
  },
}

/** Ctrl+K / ⌘K opens the link box; ``` on a line of its own starts a code block (cms/components/editor). */
const EditorShortcutsFeature = createServerFeature({
  key: 'editorShortcuts',
  feature: { ClientFeature: '/components/editor/EditorShortcutsClient#EditorShortcutsClient' },
})

export const editor = lexicalEditor({
  features: ({ defaultFeatures }) => [
    // Relationship is left out: a related post or video is an internal link (it renders as one).
    ...defaultFeatures.filter((feature) => !['relationship', 'link', 'upload'].includes(feature.key)),
    // maxDepth 0: a link stores the linked document's id; html.ts looks its current URL up at render time.
    LinkFeature({
      enabledCollections: [...LINKABLE_COLLECTIONS],
      maxDepth: 0,
      // The admin API's markdown has no form for a link to a document id (its address is looked up
      // when the page renders): it reads as `[text]()`. Said here so Payload does not warn each time.
      internalDocToHref: () => '',
    }),
    UploadFeature({ enabledCollections: ['media'] }),
    BlocksFeature({ blocks: [CodeBlockConfig, YouTubeBlock] }),
    EditorShortcutsFeature(),
  ],
})
