import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'

import { editPostHref } from '../../../../shared/admin-routes'
import {
  FAILED_TO_CREATE_POST,
  FAILED_TO_UPDATE_POST,
  POST_BODY_NEEDS_CMS,
  POST_CHANGED_ELSEWHERE,
  POST_CREATED,
  POST_UPDATED,
  postCreatedDescription,
  postUpdatedDescription,
} from '../../../../shared/admin-content-messages'
import { fieldErrors, messageFromApiError, statusFromApiError } from '../../../../shared/api-error'
import { POST_NOT_FOUND } from '../../../../shared/messages'
import { blogPostCreateSchema, blogPostUpdateSchema } from '../../../../shared/schemas/content'
import type { CategorySummary, PostDetail } from '../../../../shared/types/content'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { queueToastForNextPage, toast } from '../../../lib/stores/toast-store'
import { Button, ButtonLink } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, INPUT_CLASS, cx } from '../../ui/styles'
import { MarkdownEditor } from './MarkdownEditor'
import { changeField, initialForm, shownValues, type PostForm, type PostFormValues } from './post-form'
import { StatusBadge } from './PostsTable'

export interface PostEditorProps {
  /** The post to edit; none for a new post. */
  postId?: number
}

type Errors = Partial<Record<keyof PostFormValues, string>>
const FIELD_ORDER: (keyof PostFormValues)[] = ['title', 'slug', 'content', 'status', 'categoryId', 'excerpt', 'readTime']

export const postQueryKey = (id: number) => [`/api/blog-posts/${id}`] as const
export const CATEGORIES_QUERY_KEY = ['/api/categories'] as const

/** New post (/admin/content/new-post) or edit post (/admin/content/posts/{id}/edit). */
function PostEditor({ postId }: PostEditorProps) {
  const post = useQuery<PostDetail>({ queryKey: postQueryKey(postId ?? 0), enabled: postId !== undefined })
  const categories = useQuery<CategorySummary[]>({ queryKey: CATEGORIES_QUERY_KEY })

  if (postId !== undefined && post.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner /> Loading the post…
      </p>
    )
  }
  if (postId !== undefined && post.isError) {
    const missing = statusFromApiError(post.error) === 404
    return (
      <div className={`${CARD_CLASS} space-y-3 p-6`} role="alert">
        <h2 className="text-xl font-bold">{missing ? POST_NOT_FOUND : 'The post could not be loaded'}</h2>
        {!missing && <p className="text-muted-foreground">{messageFromApiError(post.error)}</p>}
        <ButtonLink href="/admin/content/posts" variant="outline">
          Back to posts
        </ButtonLink>
      </div>
    )
  }
  // Keyed by the post's id: a loaded post starts a fresh form.
  return <PostForm key={post.data?.id ?? 'new'} post={post.data ?? null} categories={categories.data ?? []} />
}

function PostForm({ post, categories }: { post: PostDetail | null; categories: CategorySummary[] }) {
  const prefix = useId()
  const id = (name: keyof PostFormValues) => `${prefix}-${name}`
  const queryClient = useQueryClient()
  const [form, setForm] = useState<PostForm>(() => initialForm(post))
  const [errors, setErrors] = useState<Errors>({})
  const [attempted, setAttempted] = useState(false)
  /** A save refused because the post changed after this copy was loaded (409): both stay reachable. */
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  const creating = post === null
  /** False when the body has parts markdown cannot carry: its content is edited in /cms only. */
  const contentEditable = creating || post.markdownComplete !== false
  const shown = shownValues(form)

  const validate = (values: PostFormValues) => {
    const body = contentEditable ? values : { ...values, content: undefined }
    const result = creating ? blogPostCreateSchema.safeParse(body) : blogPostUpdateSchema.safeParse(body)
    return { result, errors: result.success ? {} : (fieldErrors(result.error) as Errors) }
  }

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      creating ? apiJson<PostDetail>('POST', '/api/blog-posts', body) : apiJson<PostDetail>('PUT', `/api/blog-posts/${post.id}`, body),
    onSuccess: async (saved) => {
      const published = saved.status === 'published'
      if (creating) {
        // The new post's own address: a reload or a shared link opens it.
        queueToastForNextPage({ title: POST_CREATED, description: postCreatedDescription(saved.title, published) })
        window.location.assign(editPostHref(saved.id))
        return
      }
      queryClient.setQueryData(postQueryKey(saved.id), saved)
      setForm(initialForm(saved))
      setChangedElsewhere(false)
      toast({ title: POST_UPDATED, description: postUpdatedDescription(saved.title, published) })
      await queryClient.invalidateQueries({ queryKey: ['/api/blog-posts'] })
    },
    onError: (error) => {
      if (!creating && statusFromApiError(error) === 409 && messageFromApiError(error) === POST_CHANGED_ELSEWHERE) {
        // Said once, in the form, with the way to both copies (a toast would announce it twice).
        setChangedElsewhere(true)
        return
      }
      toast({ title: creating ? FAILED_TO_CREATE_POST : FAILED_TO_UPDATE_POST, description: messageFromApiError(error), variant: 'destructive' })
    },
  })

  /** Drops this copy's changes for the latest saved version. */
  const loadLatest = async () => {
    if (creating) return
    const latest = await queryClient.fetchQuery<PostDetail>({ queryKey: postQueryKey(post.id), staleTime: 0 })
    setForm(initialForm(latest))
    setErrors({})
    setChangedElsewhere(false)
  }

  const change = (name: keyof PostFormValues, value: string) => {
    const next = changeField(form, name, value)
    setForm(next)
    if (attempted) setErrors(validate(shownValues(next)).errors)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    setAttempted(true)
    const { result, errors: next } = validate(shown)
    setErrors(next)
    if (!result.success) {
      const first = FIELD_ORDER.find((name) => next[name])
      if (first) document.getElementById(id(first))?.focus()
      return
    }
    const { title, slug, excerpt, content, categoryId, status, readTime } = shown
    save.mutate({
      title,
      slug,
      excerpt,
      ...(contentEditable ? { content } : {}),
      categoryId: categoryId ? Number(categoryId) : null,
      status,
      readTime: readTime || null,
      // The copy this form started from: the server refuses the save if the post changed since.
      ...(post ? { updatedAt: post.updatedAt } : {}),
    })
  }

  const textareaClass = 'block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground aria-invalid:border-destructive'

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-heading`} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={`${prefix}-heading`} className="text-2xl font-bold">
            {creating ? 'New Post' : 'Edit Post'}
          </h2>
          {post && <StatusBadge status={post.status} />}
        </div>
        {post && changedElsewhere && (
          <div role="alert" className="space-y-3 rounded-md border border-destructive bg-destructive/10 p-4 text-foreground">
            <p>{POST_CHANGED_ELSEWHERE}</p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink href={`/cms/collections/posts/${post.id}`} target="_blank" rel="noopener" variant="outline" size="sm">
                Open the latest version (new tab)
              </ButtonLink>
              <Button type="button" variant="outline" size="sm" onClick={() => void loadLatest()}>
                Replace my changes with the latest version
              </Button>
            </div>
          </div>
        )}
        <Field id={id('title')} label="Title" error={errors.title}>
          {(a11y) => <Input {...a11y} value={shown.title} onChange={(e) => change('title', e.target.value)} autoComplete="off" />}
        </Field>
        <Field
          id={id('slug')}
          label="Slug"
          error={errors.slug}
          hint={creating ? 'Made from the title as you type it, until you change it. Lowercase letters, numbers and hyphens.' : `The post's address: /post/${shown.slug || '…'}`}
        >
          {(a11y) => <Input {...a11y} value={shown.slug} onChange={(e) => change('slug', e.target.value)} autoComplete="off" spellCheck={false} />}
        </Field>
        {contentEditable ? (
          <Field id={id('content')} label="Content" error={errors.content} hint="Markdown: the toolbar writes it for you. A line with just <br> is an empty line.">
            {(a11y) => <MarkdownEditor {...a11y} value={shown.content} onChange={(value) => change('content', value)} />}
          </Field>
        ) : (
          <div className={`${CARD_CLASS} space-y-3 p-5`} role="note" aria-label="Content">
            <p className="font-semibold">Content</p>
            <p className="text-muted-foreground">{POST_BODY_NEEDS_CMS}</p>
            <ButtonLink href={`/cms/collections/posts/${post.id}`} variant="outline" size="sm">
              Edit the content in /cms
            </ButtonLink>
          </div>
        )}
      </div>

      <aside className="space-y-5 lg:pt-12" aria-label="Publishing">
        <div className={`${CARD_CLASS} space-y-5 p-5`}>
          <Field id={id('status')} label="Status" error={errors.status}>
            {(a11y) => (
              <select {...a11y} value={shown.status} onChange={(e) => change('status', e.target.value)} className={INPUT_CLASS}>
                <option value="draft">Draft</option>
                <option value="published">Published</option>
              </select>
            )}
          </Field>
          <Field id={id('categoryId')} label="Category" error={errors.categoryId}>
            {(a11y) => (
              <select {...a11y} value={shown.categoryId} onChange={(e) => change('categoryId', e.target.value)} className={INPUT_CLASS}>
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id('excerpt')} label="Excerpt" error={errors.excerpt} hint="The first 150 characters of the content, until you write your own.">
            {(a11y) => <textarea {...a11y} rows={4} value={shown.excerpt} onChange={(e) => change('excerpt', e.target.value)} className={textareaClass} />}
          </Field>
          <Field id={id('readTime')} label="Read time (minutes)" error={errors.readTime} hint="Words ÷ 200, rounded up, until you set it.">
            {(a11y) => (
              <Input {...a11y} inputMode="numeric" value={shown.readTime} onChange={(e) => change('readTime', e.target.value)} className="max-w-[8rem]" />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" aria-disabled={save.isPending || undefined} className={cx('flex-1')}>
              {save.isPending ? 'Saving…' : creating ? 'Create Post' : 'Save Changes'}
            </Button>
            {post && post.status === 'published' && (
              <ButtonLink href={`/post/${post.slug}`} variant="outline">
                View
              </ButtonLink>
            )}
          </div>
        </div>
        {post && (
          <p className="text-sm text-muted-foreground">
            Rich editing, images and scheduling: <a href={`/cms/collections/posts/${post.id}`}>open this post in /cms</a>.
          </p>
        )}
      </aside>
    </form>
  )
}

export default withQueryClient(PostEditor)
