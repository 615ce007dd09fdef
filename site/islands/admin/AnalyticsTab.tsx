// Placeholder: the Analytics screen of /admin. Replaced by its own work item.
export default function AnalyticsTab() {
  return <p className="text-muted-foreground">Analytics is on its way.</p>
}
