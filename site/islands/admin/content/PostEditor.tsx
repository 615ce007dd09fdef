// Placeholder: the The post editor screen of /admin. Replaced by its own work item.
export default function PostEditor(_props: { postId?: number }) {
  return <p className="text-muted-foreground">The post editor is on its way.</p>
}
