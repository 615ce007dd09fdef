// Placeholder: the Settings screen of /admin. Replaced by its own work item.
export default function SettingsTab() {
  return <p className="text-muted-foreground">Settings is on its way.</p>
}
