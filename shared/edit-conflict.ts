// A save from an older copy of a post than the latest is refused (409 with POST_CHANGED_ELSEWHERE),
// from /admin (its `updatedAt`) and from /cms (this header, sent by the editor's autosave guard).

/** The `updatedAt` of the version a /cms editor tab was editing when it saved. */
export const EDITED_FROM_HEADER = 'x-edited-from'

/** Whether two timestamps name the same instant (however each is written). */
export const sameInstant = (a: string, b: string | null | undefined) => typeof b === 'string' && new Date(a).getTime() === new Date(b).getTime()
