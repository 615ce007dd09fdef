// Placeholder: the Announcements screen of /admin. Replaced by its own work item.
export default function AnnouncementsManager() {
  return <p className="text-muted-foreground">Announcements is on its way.</p>
}
