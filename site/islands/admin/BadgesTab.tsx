// Placeholder: the Badges screen of /admin. Replaced by its own work item.
export default function BadgesTab() {
  return <p className="text-muted-foreground">Badges is on its way.</p>
}
