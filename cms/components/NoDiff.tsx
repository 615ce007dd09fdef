// A field left out of a version's comparison in /cms: one Payload already shows under another name
// (the post's `status` mirrors `_status`, which the comparison lists as "Status"), or text the
// creator never sees (`searchText`, the body's plain text for the search index).
export function NoDiff() {
  return null
}
