// The JSON API's public reads, once: each Astro endpoint (site/pages/api) answers through these,
// and so does the light path in front of Astro (server/api-fast-path.ts), so the two give the
// same bytes, status and headers for the same request and cannot drift apart.
import { getPostById, getPostBySlug, listPosts, parseInput } from '../../cms/services/posts'
import { listAnnouncements } from '../../cms/services/announcements'
import { listCategories } from '../../cms/services/categories'
import { getVideo, listVideos, VIDEO_NOT_FOUND } from '../../cms/services/videos'
import { announcementListQuerySchema, categoryListQuerySchema, idSchema, postListQuerySchema } from '../../shared/schemas/content-query'
import { searchParamsToObject } from '../../shared/schemas/pagination'
import { isVideoId, videoListQuerySchema } from '../../shared/schemas/videos'
import { startsBlogRead } from './blog-read'
import { errorResponse, handle, HttpError, json } from './http'
import { getPayloadClient } from './payload'
import type { RequestUser } from './site-request'

/** What a public read needs of its request: Astro's APIContext has it, and so does the light path's. */
export type ApiRead = { url: URL; params: Record<string, string | undefined>; locals: RequestUser }

/** GET /api/auth/me → the signed-in member (SessionUser), else 401. */
export const readMe = async ({ locals }: ApiRead): Promise<Response> => (locals.user ? json(locals.user) : errorResponse(401, 'Not signed in.'))

/** GET /api/videos?page=&limit= → VideoPage (newest first; page and limit clamped, never refused). */
export const readVideoList = (context: ApiRead) =>
  handle(context, async () => {
    const { page, limit } = videoListQuerySchema.parse(searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listVideos(payload, { user: context.locals.authUser, page, limit }))
  })

/** GET /api/videos/{videoId} → VideoDetail; videoUrl only for callers who may play the video. */
export const readVideo = (context: ApiRead) =>
  handle(context, async () => {
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const payload = await getPayloadClient()
    return json(await getVideo(payload, { user: context.locals.authUser, videoId }))
  })

/** GET /api/categories?withPostCount=true → CategorySummary[]. */
export const readCategoryList = (context: ApiRead) =>
  handle(context, async () => {
    const { withPostCount } = parseInput(categoryListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listCategories(payload, { user: context.locals.authUser, withPostCount }))
  })

/** GET /api/announcements?active=true → Announcement[]. */
export const readAnnouncementList = (context: ApiRead) =>
  handle(context, async () => {
    const { active } = parseInput(announcementListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listAnnouncements(payload, { user: context.locals.authUser, activeOnly: active }))
  })

/** GET /api/blog-posts (limit, status, page, categoryId, search) → PostPage. */
export const readPostList = (context: ApiRead) =>
  handle(context, async () => {
    const query = parseInput(postListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listPosts(payload, { user: context.locals.authUser, ...query }))
  })

const postId = idSchema('Post')

/** GET /api/blog-posts/{id} → PostDetail (markdown body). */
export const readPost = (context: ApiRead) =>
  handle(context, async () => {
    const id = parseInput(postId, context.params.id)
    const payload = await getPayloadClient()
    const post = await getPostById(payload, { user: context.locals.authUser, id })
    await startsBlogRead(payload, context.locals.authUser, post)
    return json(post)
  })

/** GET /api/blog-posts/slug/{slug} → PostDetail; drafts are 404 for non-admins. */
export const readPostBySlug = (context: ApiRead) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const post = await getPostBySlug(payload, { user: context.locals.authUser, slug: context.params.slug ?? '' })
    await startsBlogRead(payload, context.locals.authUser, post)
    return json(post)
  })
