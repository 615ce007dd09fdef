// The post editor's form state (SPEC §5 Blog post): the slug follows the title on creation, the
// excerpt and read time follow the content, each until the creator types one by hand. Pure.
import { excerptFrom, readTimeMinutes, slugify } from '../../../../shared/format'
import { SLUG_MAX } from '../../../../shared/schemas/fields'
import type { PostDetail, PostStatus } from '../../../../shared/types/content'

export type PostFormValues = {
  title: string
  slug: string
  excerpt: string
  /** Minutes, as typed. */
  readTime: string
  content: string
  /** A category id, or '' for none. */
  categoryId: string
  status: PostStatus
}

/** Which derived fields hold a value typed by hand (the others show what they derive). */
export type Typed = { slug: boolean; excerpt: boolean; readTime: boolean }

export type PostForm = { values: PostFormValues; typed: Typed }

/** What the server derives when the slug is left empty: the same rule, so the field shows it. */
export const slugFromTitle = (title: string) => slugify(title).slice(0, SLUG_MAX).replace(/-+$/, '')
export const excerptOf = (content: string) => excerptFrom(content)
export const readTimeOf = (content: string) => {
  const minutes = readTimeMinutes(content)
  return minutes ? String(minutes) : ''
}

/**
 * A new post derives all three; an existing one keeps its slug (a rename is the creator's call)
 * and derives its excerpt and read time only if they still hold what its content derives.
 */
export function initialForm(post?: PostDetail | null): PostForm {
  if (!post) {
    return {
      values: { title: '', slug: '', excerpt: '', readTime: '', content: '', categoryId: '', status: 'draft' },
      typed: { slug: false, excerpt: false, readTime: false },
    }
  }
  const content = post.content ?? ''
  const excerpt = post.excerpt ?? ''
  const readTime = post.readTime ? String(post.readTime) : ''
  return {
    values: {
      title: post.title,
      slug: post.slug,
      excerpt,
      readTime,
      content,
      categoryId: post.categoryId ? String(post.categoryId) : '',
      status: post.status,
    },
    typed: {
      slug: true,
      excerpt: excerpt !== '' && excerpt !== excerptOf(content),
      readTime: readTime !== '' && readTime !== (readTimeOf(content) || '1'),
    },
  }
}

/** The values the fields show: the typed ones, the others derived from the title and content. */
export function shownValues({ values, typed }: PostForm): PostFormValues {
  return {
    ...values,
    slug: typed.slug ? values.slug : slugFromTitle(values.title),
    excerpt: typed.excerpt ? values.excerpt : excerptOf(values.content),
    readTime: typed.readTime ? values.readTime : readTimeOf(values.content),
  }
}

/** One field changed: typing into a derived field makes it the creator's; emptying it hands it back. */
export function changeField(form: PostForm, name: keyof PostFormValues, value: string): PostForm {
  const values = { ...form.values, [name]: value }
  if (name === 'slug' || name === 'excerpt' || name === 'readTime') {
    return { values, typed: { ...form.typed, [name]: value.trim() !== '' } }
  }
  return { ...form, values }
}
