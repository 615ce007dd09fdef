import { sql } from '@payloadcms/db-postgres'
import { APIError, type CollectionBeforeChangeHook, type CollectionConfig, type FieldAccess, type PayloadRequest } from 'payload'

import { POST_CHANGED_ELSEWHERE } from '../../shared/admin-content-messages'
import { EDITED_FROM_HEADER, sameInstant } from '../../shared/edit-conflict'
import { isDerivedExcerpt, slugify } from '../../shared/format'
import { isAdmin, isAdminField, publishedOrAdmin } from '../access'
import { requestUser } from '../access/roles'
import { earlyAccessField } from '../fields/early-access'
import { slugField } from '../fields/slug'
import { mirrorStatusOnChange, mirrorStatusOnInput } from '../hooks/publish-status'
import type { Post } from '../payload-types'
import { transactionDb } from '../services/db/transactions'
import { derivedFromText, postPlainText } from '../services/posts/reading'
import { canOpen, opensEverything, type GateItem } from '../services/premium-gate'
import { postPreviewUrl } from '../services/preview'

/**
 * The body goes only to those the premium gate lets open the post (during its early access:
 * Premium members and admins), on every read path: the site's services, /cms/api REST, GraphQL.
 * Without a document (a `where` on the body) only those who open everything may use it.
 */
const openBodyAccess: FieldAccess = ({ req, doc }) => {
  const user = requestUser(req)
  if (opensEverything(user)) return true
  const item = doc as GateItem | undefined
  return item !== undefined && canOpen(user, item)
}

/**
 * Derived text follows the content as typed (spec §5): the excerpt and read time unless the editor
 * set them, and always `searchText`, the plain text the full-text index reads (a generated column
 * cannot read Lexical JSON; see the posts_search migration). Computed from the stored content when
 * an update leaves the content out, so a client can never write a searchText of its own.
 *
 * The editor's form sends every field back on each save, derived ones included: a value equal to
 * what the previous content derived is not the creator's own, and follows the new content. Only a
 * value they typed (anything else) stays as written; clearing the field hands it back to the content.
 */
const deriveText: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const content = (data.content ?? originalDoc?.content) as Post['content'] | undefined
  if (!content) return data
  const text = postPlainText(content)
  data.searchText = text
  const derived = derivedFromText(text)
  const previousText = originalDoc?.content ? postPlainText(originalDoc.content as Post['content']) : null
  const previouslyDerived = (field: 'excerpt' | 'readTime', value: unknown) =>
    previousText !== null &&
    value === originalDoc?.[field] &&
    (field === 'excerpt' ? isDerivedExcerpt(String(value), previousText) : value === derivedFromText(previousText).readTime)
  for (const field of ['excerpt', 'readTime'] as const) {
    const sent = field in data
    const value = sent ? data[field] : originalDoc?.[field]
    const followsContent = !value || previouslyDerived(field, value)
    if (followsContent && (sent || data.content)) data[field] = derived[field]
  }
  return data
}

/**
 * A save from an older copy than the latest is refused (409), in /cms as in /admin: the editor
 * (cms/components/AutosaveGuard.tsx) names the version it was editing in EDITED_FROM_HEADER, and
 * /admin's post editor (cms/services/posts/write.ts) in `context.editedFrom`; a save from a second
 * tab, after /admin or another tab saved, would otherwise put its older text over what was saved
 * meanwhile. A request that names no version (API clients) goes through.
 *
 * The check is made again under a lock on the post's row, in the save's transaction: two saves from
 * the same copy at the same moment both pass the first check, and only one may go through.
 */
const refuseSaveFromOlderCopy: CollectionBeforeChangeHook = async ({ context, data, originalDoc, operation, req }) => {
  const editedFrom = req.headers?.get?.(EDITED_FROM_HEADER) ?? (typeof context.editedFrom === 'string' ? context.editedFrom : null)
  if (operation !== 'update' || !editedFrom || !originalDoc?.updatedAt) return data
  if (!sameInstant(editedFrom, originalDoc.updatedAt)) throw new APIError(POST_CHANGED_ELSEWHERE, 409, undefined, true)
  const latest = await latestSaveUnderLock(req, originalDoc.id as number)
  if (latest && !sameInstant(editedFrom, latest)) throw new APIError(POST_CHANGED_ELSEWHERE, 409, undefined, true)
  return data
}

/** The latest version's time, read once the post's row is locked until the save's transaction ends. */
async function latestSaveUnderLock(req: PayloadRequest, id: number): Promise<string | undefined> {
  const db = await transactionDb(req.payload, req)
  await db.execute(sql`select id from posts where id = ${id} for no key update`)
  // Inside a save the collection's access already allowed, hence overrideAccess.
  const latest = await req.payload.findByID({ collection: 'posts', id, draft: true, depth: 0, select: { updatedAt: true }, disableErrors: true, overrideAccess: true, req })
  return latest?.updatedAt
}

/** Old addresses kept per post: enough for years of renames, bounded all the same. */
const MAX_PREVIOUS_SLUGS = 50

/**
 * A renamed post keeps its old addresses: the slug it had joins `previousSlugs`, and
 * /post/{old slug} redirects permanently to the current one (bookmarks, links and search results
 * keep working). Reusing an old slug as the current one takes it off the list.
 */
const keepPreviousSlugs: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc?.slug) return data
  const kept = ((originalDoc.previousSlugs as string[] | null | undefined) ?? []).filter((s) => typeof s === 'string' && s)
  const current = typeof data.slug === 'string' ? data.slug : originalDoc.slug
  // The address the post had is the main row's: `originalDoc` may be an autosaved draft, whose
  // in-between slugs (typed while writing) never reached anyone. An internal read inside an
  // update the collection's access already allowed, hence overrideAccess.
  const stored = await req.payload.findByID({ collection: 'posts', id: originalDoc.id, depth: 0, draft: false, select: { slug: true }, disableErrors: true, overrideAccess: true, req })
  const before = stored?.slug ?? originalDoc.slug
  const moved = current !== before ? [...kept, before] : kept
  data.previousSlugs = [...new Set(moved)].filter((s) => s !== current).slice(-MAX_PREVIOUS_SLUGS)
  return data
}

/**
 * Until a post is first published its slug follows its title (as Ghost does), unless the creator
 * typed a slug of their own: a draft is created the moment "Create New" opens, before it has a
 * title, and its title is typed over many autosaves. Once published, the address stays put
 * (renaming it is the creator's choice, and keeps the old one redirecting).
 */
const slugFollowsTitle: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !originalDoc) return data
  const title = typeof data.title === 'string' ? data.title : originalDoc.title
  if (typeof title !== 'string' || !title.trim()) return data
  const everPublished = Boolean(originalDoc.publishedAt) || originalDoc._status === 'published'
  if (everPublished) return data
  const current = typeof data.slug === 'string' ? data.slug : originalDoc.slug
  const followed = !current || current === slugify(typeof originalDoc.title === 'string' ? originalDoc.title : '')
  if (followed) data.slug = slugify(title)
  return data
}

/**
 * `publishedAt` is the date readers see, the lists' order and the feeds' pubDate: set when a post
 * is first published (a draft started Monday and published Friday is Friday's), kept on later
 * saves, and the creator's to change (backdating).
 */
const stampFirstPublish: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const status = data.status ?? originalDoc?.status
  const publishedAt = 'publishedAt' in data ? data.publishedAt : originalDoc?.publishedAt
  if (status === 'published' && !publishedAt) data.publishedAt = new Date().toISOString()
  return data
}

export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', '_status', 'publishedAt', 'updatedAt'],
    listSearchableFields: ['title', 'slug', 'excerpt'],
    group: 'Content',
    // The real post page showing the latest draft, through a signed link that works for 7 days
    // (cms/services/preview): the creator can open it or share it.
    preview: (doc, { req }) =>
      typeof doc.id === 'number' ? postPreviewUrl(req.payload.config.serverURL, { id: doc.id, slug: doc.slug as string | undefined }) : null,
    components: { edit: { beforeDocumentControls: ['/components/AutosaveGuard#AutosaveGuard', '/components/SchedulePublishDefaults#SchedulePublishDefaults', '/components/UntitledDraftCleanup#UntitledDraftCleanup'] } },
  },
  access: { read: publishedOrAdmin, readVersions: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  // Autosave while writing, a history to restore from, and publishing at a set time (run by the
  // jobs queue, payload.config.ts). `status` mirrors Payload's `_status` (cms/hooks/publish-status.ts).
  //
  // Drafts are not validated (`validate: false`): an autosave carries whatever is on the page, a
  // YouTube block still waiting for its link or an empty title included, so nothing typed waits on
  // anything else. Publishing validates everything. (With draft validation on, Payload's autosave
  // stopped after the first refused save while its bar kept saying "Saving…".) Opening "Create
  // New" therefore creates the draft at once (Payload's rule for autosave without validation):
  // the post is saved from its first keystroke. The bar's guard (cms/components/AutosaveGuard.tsx)
  // keeps a late autosave answer from putting older text back and says in plain words when a
  // save did not go through.
  versions: { drafts: { autosave: { interval: 2000 }, schedulePublish: true, validate: false }, maxPerDoc: 50 },
  defaultSort: '-publishedAt',
  // The body's rule reads earlyAccessUntil: every read carries it, whatever a `select` asks for.
  forceSelect: { earlyAccessUntil: true },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    {
      ...slugField('title', slugify),
      admin: {
        position: 'sidebar',
        description: 'Lowercase and hyphenated; made from the title when left empty. Changing it keeps the old address working: it redirects here permanently.',
      },
    },
    {
      name: 'previousSlugs',
      type: 'text',
      hasMany: true,
      admin: { position: 'sidebar', readOnly: true, description: 'Old addresses of this post; each redirects to the current one.' },
    },
    {
      name: 'excerpt',
      type: 'textarea',
      maxLength: 500,
      admin: { description: 'Follows the content (its first 150 characters) unless you write your own. Clear it to follow the content again.' },
    },
    { name: 'content', type: 'richText', required: true, access: { read: openBodyAccess } },
    { name: 'category', type: 'relationship', relationTo: 'categories', index: true, admin: { position: 'sidebar' } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'draft',
      index: true,
      options: [
        { label: 'Draft', value: 'draft' },
        { label: 'Published', value: 'published' },
      ],
      // Follows Payload's Publish / Unpublish buttons (mirrored from `_status`); the site API sets it.
      // A version's comparison lists `_status` as "Status" already: this one stays out of it.
      admin: { hidden: true, components: { Diff: '/components/NoDiff#NoDiff' } },
    },
    {
      name: 'publishedAt',
      type: 'date',
      index: true,
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Set when the post is first published. Change it to backdate: readers see this date, and lists and feeds are ordered by it.',
      },
    },
    earlyAccessField('post'),
    {
      name: 'featuredImage',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'Shown at the top of the post and on its cards, with the image’s alt text and caption; also the picture when the post is shared.' },
    },
    {
      name: 'readTime',
      type: 'number',
      min: 1,
      admin: { position: 'sidebar', description: 'Minutes; follows the content (words / 200, rounded up) unless you type your own. Clear it to follow the content again.' },
    },
    { name: 'readingStats', type: 'ui', admin: { position: 'sidebar', components: { Field: '/components/ReadingStats#ReadingStats' } } },
    {
      // Written only by the hook below; read by the search_vector column (posts_search migration).
      name: 'searchText',
      type: 'textarea',
      admin: { hidden: true, components: { Diff: '/components/NoDiff#NoDiff' } },
      access: { read: isAdminField },
    },
  ],
  hooks: {
    beforeOperation: [mirrorStatusOnInput],
    beforeChange: [refuseSaveFromOlderCopy, mirrorStatusOnChange, deriveText, slugFollowsTitle, stampFirstPublish, keepPreviousSlugs],
  },
}
