import { formatCount } from '../../../shared/format'
import { useHydratedCommentCount } from '../../lib/stores/comment-count-store'

export interface CommentCountProps {
  videoId: string
  /** The count the page was rendered with. */
  initial: number
  /** 'phrase': '3 comments' (the facts line); 'number': '3' (the Engagement card). */
  format: 'phrase' | 'number'
}

/** A comment count elsewhere on the video page that follows the comments section live (hydrated `client:count`). */
export default function CommentCount({ videoId, initial, format }: CommentCountProps) {
  const count = useHydratedCommentCount(videoId, initial)
  return <>{format === 'phrase' ? `${count} ${count === 1 ? 'comment' : 'comments'}` : formatCount(count)}</>
}
