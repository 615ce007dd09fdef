// Placeholder: the The posts list screen of /admin. Replaced by its own work item.
export default function PostsTable() {
  return <p className="text-muted-foreground">The posts list is on its way.</p>
}
