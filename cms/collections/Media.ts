import path from 'node:path'

import type { CollectionConfig, ImageSize, TextFieldSingleValidation } from 'payload'

import { anyone, isAdmin } from '../access'
import { siteRelativeUrls } from '../hooks/site-relative-urls'
import { RESPONSIVE_SIZE_NAMES, RESPONSIVE_WIDTHS } from '../services/media/responsive'

export const ALT_TEXT_REQUIRED = 'Describe the image for readers who cannot see it (alt text).'
export const MEDIA_TEXT_MAX = 300

/**
 * Alt text is required for every new image, and whenever a file is replaced. Images uploaded
 * before the rule may still lack it: they keep loading and saving (a NOT NULL column would have
 * failed the migration on them), and the description nudges the creator to fill it in.
 */
const altTextRequired: TextFieldSingleValidation = (value, { operation, req }) => {
  const needed = operation === 'create' || Boolean(req?.file)
  if (needed && !(typeof value === 'string' && value.trim())) return ALT_TEXT_REQUIRED
  if (typeof value === 'string' && value.length > MEDIA_TEXT_MAX) return `At most ${MEDIA_TEXT_MAX} characters.`
  return true
}

/** A resized, uncropped WebP copy: the height follows the picture; never wider than the upload. */
const responsiveSize = (name: (typeof RESPONSIVE_SIZE_NAMES)[number]): ImageSize => ({
  name,
  width: RESPONSIVE_WIDTHS[name],
  height: undefined,
  withoutEnlargement: true,
  formatOptions: { format: 'webp', options: { quality: 80 } },
  // The size's name in the file name: copies of a narrow upload share their width and height.
  generateImageName: ({ originalName, sizeName, width, height, extension }) => `${originalName}-${sizeName}-${width}x${height}.${extension}`,
  admin: { disableListColumn: true, disableListFilter: true, disableGroupBy: true },
})

export const Media: CollectionConfig = {
  slug: 'media',
  // The creator's images. Members' pictures live apart, in `avatars` (cms/collections/Avatars.ts).
  admin: { group: 'Content' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: path.resolve(process.env.DATA_DIR ?? '.data', 'media'),
    mimeTypes: ['image/*'],
    imageSizes: [
      // 16:9 crops: the admin's list thumbnails and bookmark thumbnails.
      { name: 'thumbnail', width: 400, height: 225, position: 'centre' },
      // What readers get (cms/services/media/responsive.ts): whole pictures, resized, as WebP.
      ...RESPONSIVE_SIZE_NAMES.map(responsiveSize),
    ],
    adminThumbnail: 'thumbnail',
    // Payload sends its files with no caching headers, so browsers guessed and refetched images
    // on every visit. A day: long enough for readers, short enough that a file replaced under
    // the same name is seen soon (uploads are images, public to everyone: media read is `anyone`).
    modifyResponseHeaders: ({ headers }) => {
      headers.set('Cache-Control', 'public, max-age=86400')
      return headers
    },
  },
  hooks: { afterRead: [siteRelativeUrls] },
  fields: [
    {
      name: 'alt',
      type: 'text',
      label: 'Alt text',
      maxLength: MEDIA_TEXT_MAX,
      validate: altTextRequired,
      admin: {
        description:
          'Required. What the image shows, for readers using a screen reader or whose images do not load: who, what, where — e.g. "Volunteers handing out voter guides outside the library". No need to start with "Image of".',
      },
    },
    {
      name: 'caption',
      type: 'text',
      maxLength: MEDIA_TEXT_MAX,
      admin: { description: 'Optional. Shown under the image wherever it appears in a post: context, credit or source.' },
    },
  ],
}
