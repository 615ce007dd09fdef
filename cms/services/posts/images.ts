import type { HTMLConverter } from '@payloadcms/richtext-lexical/html'

import { figureHtml, IMAGE_SIZES, toResponsiveImage } from '../media/responsive'

type UploadNode = { value?: unknown; fields?: { alt?: unknown; caption?: unknown } | null }

/**
 * An image in a post body: a <figure> with the resized, uncropped copies in srcset (the post
 * column's width in `sizes`), width and height, lazy loading, and the caption as <figcaption>.
 * Replaces Payload's UploadHTMLConverter, whose <source media="(max-width: 400px)"> sent phones
 * the 400×225 centre crop and everyone else the original file. Every value is escaped
 * (figureHtml); URLs come only from the populated media document. An upload that is not
 * populated, not an image or has no file renders nothing.
 */
export const uploadConverter: HTMLConverter<UploadNode> = ({ node }) => {
  const image = toResponsiveImage(node.value, { alt: node.fields?.alt, caption: node.fields?.caption })
  return image ? figureHtml(image, { sizes: IMAGE_SIZES.postColumn }) : ''
}
