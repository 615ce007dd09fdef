import { Refusal } from './refusal'

/**
 * Fields a filter or sort could read one guess at a time (`where[author.sessions.id][like]=a…`):
 * what makes up a session, a password or a lock, for every role; and what is private to a member,
 * for everyone but admins (who read those fields anyway).
 */
const SECRET_FIELDS = new Set([
  'sessions',
  'hash',
  'salt',
  'resetPasswordToken',
  'resetPasswordExpiration',
  'loginAttempts',
  'lockUntil',
  '_verificationToken',
  '_verified',
  'apiKey',
  'apiKeyIndex',
  'enableAPIKey',
])
const PRIVATE_FIELDS = new Set(['email', 'dateOfBirth', 'authorEmail', 'paypalCustomerId', 'paypalSubscriptionId'])

/** Payload reads `a__b` as `a.b` (its GraphQL spelling) in paths. */
const segmentsOf = (path: string) => path.replace(/__/g, '.').replace(/^-/, '').split('.')

function collectWhere(where: unknown, names: Set<string>, depth = 0) {
  if (!where || typeof where !== 'object' || depth > 40) return
  for (const [key, value] of Object.entries(where)) {
    for (const segment of segmentsOf(key)) names.add(segment)
    // Operators' operands may hold nested queries (`contains` on a relationship or join).
    collectWhere(value, names, depth + 1)
  }
}

function collectSort(sort: unknown, names: Set<string>) {
  const list = typeof sort === 'string' ? sort.split(',') : Array.isArray(sort) ? sort : sort && typeof sort === 'object' ? Object.values(sort) : []
  for (const item of list) if (typeof item === 'string') for (const segment of segmentsOf(item.trim())) names.add(segment)
}

/** Every field name a parsed REST query filters or sorts on: `where`, `sort`, and the same inside `joins`. */
export function filteredFieldNames(query: Record<string, unknown>): Set<string> {
  const names = new Set<string>()
  collectWhere(query.where, names)
  collectSort(query.sort, names)
  if (query.joins && typeof query.joins === 'object') {
    for (const join of Object.values(query.joins)) {
      if (!join || typeof join !== 'object') continue
      collectWhere((join as Record<string, unknown>).where, names)
      collectSort((join as Record<string, unknown>).sort, names)
    }
  }
  return names
}

/**
 * Refuses (400) a query that filters or sorts on a secret field, or on a private one unless the
 * caller is an admin; `isAdmin` is asked only when a private field is named.
 */
export async function checkFilteredFields(names: ReadonlySet<string>, isAdmin: () => Promise<boolean>) {
  for (const name of names) {
    if (SECRET_FIELDS.has(name)) throw new Refusal(400, `Filtering or sorting on ${name} is not allowed.`)
  }
  const privateName = [...names].find((name) => PRIVATE_FIELDS.has(name))
  if (privateName && !(await isAdmin())) throw new Refusal(400, `Filtering or sorting on ${privateName} is not allowed.`)
}
