import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import type { Payload, PayloadRequest } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'

import { createMember } from '../services/auth/register'
import { transactionDb } from '../services/db/transactions'
import { ensureGamificationCatalogue } from '../services/points/catalogue'
import { achievements } from './fixtures/achievements'
import { levels } from './fixtures/levels'
import { markdownToLexical } from '../services/posts/markdown'
import { announcements } from './fixtures/announcements'
import { categories } from './fixtures/categories'
import { posts } from './fixtures/posts'
import { videos } from './fixtures/videos'
import type { SeedImage } from './fixtures/types'
import { seedImage } from './images'
import { tagDemoItems } from './tags'
import { writeDemoClip, writeVideoStill } from './video-media'

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number, now: number) => new Date(now - days * DAY).toISOString()

export type SeedResult = { admin: { username: string; password: string; generated: boolean }; counts: Record<string, number> }

/**
 * Loads the demo site: the creator (admin) account, site settings, the five topics, posts,
 * videos and announcements. Offline: every byte comes from cms/seed/fixtures or is drawn here.
 * overrideAccess throughout: seeding runs as the system, before any visitor exists.
 */
export async function seed(payload: Payload, { now = Date.now() } = {}): Promise<SeedResult> {
  // One transaction: a seed that fails half-way leaves an empty database, and the next start tries again.
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const result = await seedWithin(payload, req, now)
    await commitTransaction(req)
    payload.logger.info({ counts: result.counts }, 'demo content seeded')
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

async function seedWithin(payload: Payload, req: PayloadRequest, now: number): Promise<SeedResult> {
  const dataDir = process.env.DATA_DIR ?? path.resolve('.data')
  const username = process.env.ADMIN_USERNAME ?? 'creator'
  const generated = !process.env.ADMIN_PASSWORD
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url')

  const admin = await createMember(
    payload,
    { username, password, email: process.env.ADMIN_EMAIL ?? 'creator@example.org', dateOfBirth: '1988-02-14', isAdmin: true, isVerified: true },
    req,
  )
  if (generated) {
    await fs.mkdir(dataDir, { recursive: true })
    await fs.writeFile(path.join(dataDir, 'admin-credentials.txt'), `username: ${username}\npassword: ${password}\n`, { mode: 0o600 })
  }

  await payload.updateGlobal({
    slug: 'site-settings',
    data: {
      creator: admin.id,
      merchStoreUrl: process.env.MERCH_STORE_URL ?? 'https://shop.example.org',
      youtubeHandle: '@voicesofjustice',
      supportEmail: 'support@example.org',
    },
    overrideAccess: true,
    req,
  })

  // The videos' stills and clips are files, not rows: drawn while the rows are written, awaited
  // before the commit. Stills render in parallel (libvips threads); the clips one ffmpeg at a time.
  const videoFiles = Promise.all([
    Promise.all(videos.map((video) => writeVideoStill(dataDir, video))),
    videos.filter((v) => v.source === 'manual').reduce((chain, video) => chain.then(() => writeDemoClip(payload, dataDir, video)), Promise.resolve()),
  ])
  videoFiles.catch(() => {}) // awaited below; this only stops an early rollback reporting it as unhandled

  const categoryIds = new Map<string, number>()
  for (const category of categories) {
    const doc = await payload.create({ collection: 'categories', data: category, overrideAccess: true, req })
    categoryIds.set(category.slug, doc.id)
  }

  const postIds = new Map<string, number>()
  for (const post of posts) {
    const created = daysAgo(post.publishedDaysAgo, now)
    const featuredImage = post.featuredImage ? await uploadSeedImage(payload, req, post.slug, post.featuredImage, post.categorySlug) : undefined
    const createdPost = await payload.create({
      collection: 'posts',
      data: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: (await markdownToLexical(payload, post.markdown)) as never,
        category: categoryIds.get(post.categorySlug),
        featuredImage,
        status: post.status,
        ...(post.status === 'published' ? { publishedAt: created } : {}),
        createdAt: created,
        updatedAt: created,
      },
      overrideAccess: true,
      req,
    })
    postIds.set(post.slug, createdPost.id)
  }

  const videoIds = new Map<string, number>()
  for (const video of videos) {
    const manual = video.source === 'manual'
    const createdVideo = await payload.create({
      collection: 'videos',
      data: {
        videoId: video.videoId,
        title: video.title,
        description: video.description,
        source: video.source,
        duration: video.duration,
        viewCount: video.viewCount,
        publishedAt: daysAgo(video.publishedDaysAgo, now),
        thumbnailUrl: `/media/thumbnails/${video.videoId}.jpg`,
        videoUrl: manual ? `/media/videos/${video.videoId}.mp4` : null,
        isUncut: Boolean(video.isUncut),
        isPremium: Boolean(video.isPremium),
        tags: video.tags ?? [],
        category: video.category,
        ...(video.seo
          ? { ...video.seo, seoGenerated: true, seoGeneratedAt: daysAgo(Math.max(0, video.publishedDaysAgo - 1), now) }
          : {}),
      },
      overrideAccess: true,
      req,
    })
    videoIds.set(video.videoId, createdVideo.id)
  }

  // For You: the demo items' themes, as an editor tags them in /cms (the videos' own tags are in
  // the vocabulary already, through the Videos hook).
  await tagDemoItems(await transactionDb(payload, req), { videos: videoIds, posts: postIds })

  for (const announcement of announcements) {
    await payload.create({
      collection: 'announcements',
      data: {
        title: announcement.title,
        content: announcement.content,
        type: announcement.type,
        isActive: announcement.isActive,
        expiresAt: announcement.expiresInDays === null ? null : new Date(now + announcement.expiresInDays * DAY).toISOString(),
      },
      overrideAccess: true,
      req,
    })
  }

  await videoFiles

  // The levels and achievements (the points_catalogue migration has usually added them already).
  await ensureGamificationCatalogue(await transactionDb(payload, req))

  const counts = {
    levels: levels.length,
    achievements: achievements.length,
    categories: categories.length,
    posts: posts.length,
    media: posts.filter((p) => p.featuredImage).length,
    videos: videos.length,
    announcements: announcements.length,
  }
  return { admin: { username, password, generated }, counts }
}

/** A post's featured image, drawn locally and uploaded like the creator's: Payload makes its resized copies. */
async function uploadSeedImage(payload: Payload, req: PayloadRequest, slug: string, image: SeedImage, topic: string): Promise<number> {
  const data = await seedImage(image.art, topic)
  const media = await payload.create({
    collection: 'media',
    data: { alt: image.alt, caption: image.caption ?? null },
    file: { data, mimetype: 'image/jpeg', name: `${slug}.jpg`, size: data.byteLength },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return media.id
}
