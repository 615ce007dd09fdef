'use client'
// How the post appears in a search result and as a link preview (social card), with the defaults
// the page head applies where a meta field is empty (site/pages/post/[slug].astro): the title and
// the site name, the excerpt, the featured image.
import { useConfig, useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { excerptFrom, slugify } from '../../shared/format'
import { defaultSeoDescription, defaultSeoTitle, postUrl } from '../../shared/seo'
import type { Media, Post } from '../payload-types'
import { postPlainText } from '../services/posts/reading'

type Upload = number | string | Partial<Media> | null | undefined

const idOf = (value: Upload) => (value && typeof value === 'object' ? value.id : value) || null

/** The URL and alt text of an upload the form holds as an id (or, populated, as the document). */
function useImage(value: Upload) {
  const { config } = useConfig()
  const id = idOf(value)
  const [image, setImage] = useState<{ id: unknown; url: string; alt: string } | null>(null)
  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    fetch(`${config.routes.api}/media/${encodeURIComponent(String(id))}?depth=0`, { credentials: 'include', signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<Media>) : null))
      .then((media) => media?.url && setImage({ id, url: media.url, alt: media.alt ?? '' }))
      .catch(() => {})
    return () => controller.abort()
  }, [id, config.routes.api])
  return id && image?.id === id ? image : null
}

/** One field's value in the edit form, following edits as they are typed. */
const useValue = <T,>(path: string) => useFormFields(([fields]) => fields[path]?.value) as T

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

const card: React.CSSProperties = {
  background: 'var(--theme-elevation-50)',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-m, 4px)',
  maxWidth: 600,
  overflow: 'hidden',
}
const muted: React.CSSProperties = { color: 'var(--theme-elevation-700)', margin: 0, fontSize: '0.85em' }

export function SeoPreview() {
  const { config } = useConfig()
  const title = text(useValue('title'))
  const slug = text(useValue('slug'))
  const excerpt = text(useValue('excerpt'))
  const content = useValue<Post['content'] | undefined>('content')
  const metaTitle = text(useValue('meta.title'))
  const metaDescription = text(useValue('meta.description'))
  const metaImage = useValue<Upload>('meta.image')
  const featuredImage = useValue<Upload>('featuredImage')

  const shownTitle = metaTitle || defaultSeoTitle(title)
  // An empty excerpt is derived from the body on save: show what it will be.
  const shownDescription = metaDescription || defaultSeoDescription(title, excerpt || excerptFrom(postPlainText(content)))
  const image = useImage(idOf(metaImage) ? metaImage : featuredImage)
  const origin = config.serverURL || (typeof window === 'undefined' ? '' : window.location.origin)
  const url = postUrl(origin, slug || slugify(title))
  const host = origin.replace(/^https?:\/\//, '')

  return (
    <section aria-labelledby="seo-preview-heading" style={{ marginBottom: 'calc(var(--base) * 2)' }}>
      <h3 id="seo-preview-heading" className="field-label" style={{ marginBottom: 4 }}>
        Preview
      </h3>
      <p style={{ ...muted, marginBottom: 12 }}>Empty fields above use the post&apos;s title, excerpt and featured image.</p>

      <figure aria-label="Search result preview" data-testid="seo-search-preview" style={{ ...card, padding: 16, margin: '0 0 16px' }}>
        <p style={muted}>{url}</p>
        <p style={{ fontSize: '1.15em', fontWeight: 600, margin: '4px 0', textDecoration: 'underline' }}>{shownTitle}</p>
        <p style={{ margin: 0 }}>{shownDescription}</p>
      </figure>

      <figure aria-label="Social card preview" data-testid="seo-social-preview" style={{ ...card, margin: 0 }}>
        {image ? (
          <img src={image.url} alt={image.alt} style={{ display: 'block', width: '100%', aspectRatio: '1.91 / 1', objectFit: 'cover' }} />
        ) : (
          <p style={{ ...muted, padding: '32px 16px', textAlign: 'center', borderBottom: '1px solid var(--theme-elevation-150)' }}>No image: a small card without a picture.</p>
        )}
        <div style={{ padding: '12px 16px' }}>
          <p style={{ ...muted, textTransform: 'uppercase' }}>{host}</p>
          <p style={{ fontWeight: 600, margin: '4px 0' }}>{shownTitle}</p>
          <p style={{ ...muted, overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>{shownDescription}</p>
        </div>
      </figure>
    </section>
  )
}
