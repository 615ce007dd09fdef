import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { editPostHref } from '../../../../shared/admin-routes'
import { POST_DELETED, postDeletedDescription } from '../../../../shared/admin-content-messages'
import { messageFromApiError } from '../../../../shared/api-error'
import { PAGE_SIZES } from '../../../../shared/constants'
import { formatDate } from '../../../../shared/format'
import { CONFIRM_DELETE_POST, ERROR, FAILED_TO_DELETE_POST, NO_ADMIN_POSTS } from '../../../../shared/messages'
import type { PostPage, PostSummary } from '../../../../shared/types/content'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Badge } from '../../ui/Badge'
import { ButtonLink } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS } from '../../ui/styles'
import { ConfirmDelete } from './ConfirmDelete'

/** The admin list: every status, newest first, a limit only (SPEC §7, §9: up to 100). */
export const ADMIN_POSTS_QUERY_KEY = ['/api/blog-posts', { limit: PAGE_SIZES.adminPosts }] as const

/** Published: the default (primary) badge; any other status the secondary one (SPEC §2). */
export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={status === 'published' ? 'primary' : 'neutral'}>{status === 'published' ? 'Published' : 'Draft'}</Badge>
}

const postDate = (post: PostSummary) => formatDate(post.publishedAt ?? post.createdAt)

function PostsTable() {
  const queryClient = useQueryClient()
  const posts = useQuery<PostPage>({ queryKey: ADMIN_POSTS_QUERY_KEY })
  const remove = useMutation({
    mutationFn: (post: PostSummary) => apiJson<{ success: boolean }>('DELETE', `/api/blog-posts/${post.id}`),
    onSuccess: (_result, post) => {
      toast({ title: POST_DELETED, description: postDeletedDescription(post.title) })
      return queryClient.invalidateQueries({ queryKey: ['/api/blog-posts'] })
    },
    onError: () => toast({ title: ERROR, description: FAILED_TO_DELETE_POST, variant: 'destructive' }),
  })

  if (posts.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <Spinner /> Loading posts…
      </p>
    )
  }
  if (posts.isError) return <p role="alert" className="text-destructive dark:text-red-300">{messageFromApiError(posts.error)}</p>

  const list = posts.data.posts
  return (
    // Not a landmark of its own: the table's scroll region below is named by the same heading.
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-posts-heading" className="text-2xl font-bold">
          Posts
        </h2>
        <ButtonLink href="/admin/content/new-post">New Post</ButtonLink>
      </div>
      {list.length === 0 ? (
        <p className={`${CARD_CLASS} p-6 text-muted-foreground`}>{NO_ADMIN_POSTS}</p>
      ) : (
        // On a phone the table scrolls sideways inside its card; the page itself does not.
        <div className={`${CARD_CLASS} relative overflow-x-auto`} role="region" aria-labelledby="admin-posts-heading" tabIndex={0}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Title</th>
                <th scope="col" className="px-4 py-3 font-semibold">Category</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 font-semibold">Date</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((post) => (
                <tr key={post.id} className="border-b border-border last:border-b-0">
                  <th scope="row" className="max-w-[22rem] px-4 py-3 font-semibold">
                    <span className="block truncate" title={post.title}>{post.title}</span>
                    <span className="block truncate text-xs font-normal text-muted-foreground">/{post.slug}</span>
                  </th>
                  <td className="px-4 py-3">{post.category?.name ?? <span className="text-muted-foreground">None</span>}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={post.status} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={post.publishedAt ?? post.createdAt}>{postDate(post)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <ButtonLink href={editPostHref(post.id)} variant="outline" size="sm">
                        Edit<span className="sr-only"> {post.title}</span>
                      </ButtonLink>
                      <ConfirmDelete question={CONFIRM_DELETE_POST} itemName={post.title} onConfirm={() => remove.mutateAsync(post)} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

export default withQueryClient(PostsTable)
