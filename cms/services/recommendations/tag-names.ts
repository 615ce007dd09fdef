/** One spelling per tag: trimmed, inner spaces collapsed, lower case ("Police  Accountability" → "police accountability"). */
export const normaliseTagName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 60)
