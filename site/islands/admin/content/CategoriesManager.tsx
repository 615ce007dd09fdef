// Placeholder: the Categories screen of /admin. Replaced by its own work item.
export default function CategoriesManager() {
  return <p className="text-muted-foreground">Categories is on its way.</p>
}
