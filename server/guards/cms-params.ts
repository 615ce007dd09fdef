import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Collection, FlattenedField, Payload } from 'payload'
import * as qs from 'qs-esm'

import { bodyBytesForNext } from '../body-limit'
import { requestSessionUser } from '../request-user'
import { checkFilteredFields, filteredFieldNames } from './query-fields'
import { Refusal } from './refusal'

/**
 * Payload's REST API (/cms/api) hands whatever a request carries to PostgreSQL and answers 500
 * when the database refuses it: an id of `1.5` or `2147483648`, `page=-1`, `limit=1.5`, a
 * relationship filter on `abc`, a NUL byte, a body that is JSON but not an object, broken
 * multipart, the versions routes of collections that keep no versions, collections with no REST
 * routes at all. This guard checks what Payload would read — the same routes in the same order,
 * the query parsed as Payload parses it — and answers 400/404/415 before Payload is asked.
 */

const API = '/cms/api'
const INT4_MAX = 2_147_483_647
const MAX_BODY_DEPTH = 64
/** Payload's own query parser settings (createPayloadRequest). */
const QS_OPTIONS = { allowEmptyArrays: true, arrayLimit: 1000, depth: 10, ignoreQueryPrefix: true }
/** Operators that compare a document id (or a relationship's) with a value. */
const ID_OPERATORS = new Set(['equals', 'not_equals', 'in', 'not_in', 'all', 'greater_than', 'greater_than_equal', 'less_than', 'less_than_equal', 'like', 'exists'])
const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])

export { Refusal }

const NOT_FOUND = () => new Refusal(404, 'Not found.')

/** A collection by a slug read from the request (which may name none). */
const collectionBySlug = (payload: Payload, slug: string): Collection | undefined => (payload.collections as Record<string, Collection | undefined>)[slug]

type Endpoint = { method: string; path: string }
type Target = { fields: FlattenedField[] | null }

/** Mounted after the auth guards (which answer sign-in, sign-out and reset themselves). */
export function cmsRequestGuard(payload: Payload): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    // Case-blind, as Express matches the routes in front (Payload itself serves only `/cms/api`).
    const path = req.path.toLowerCase()
    if (path !== API && !path.startsWith(`${API}/`)) return next()
    try {
      const [rawPath, search = ''] = req.originalUrl.split(/\?(.*)/s)
      const target = checkRoute(payload, req.method, rawPath!)
      const query = checkQuery(payload, target, qs.parse(search, QS_OPTIONS))
      const bodyQuery = req.method === 'POST' || req.method === 'PATCH' || req.method === 'PUT' ? await checkBody(payload, target, req) : undefined
      const filtered = filteredFieldNames(query)
      if (bodyQuery) for (const name of filteredFieldNames(bodyQuery)) filtered.add(name)
      await checkFilteredFields(filtered, async () => (await requestSessionUser(payload, req))?.isAdmin === true)
      next()
    } catch (error) {
      if (!(error instanceof Refusal)) return next(error)
      // Payload's admin reads `errors[].message`; everything else reads `error`.
      res.status(error.status).json({ errors: [{ message: error.message }], error: error.message })
    }
  }
}

/** Finds the endpoint Payload would run (handleEndpoints) and checks its id and versions. */
export function checkRoute(payload: Payload, method: string, rawPath: string): Target {
  // As Payload sees it: dot segments resolved, no trailing slash, still percent-encoded.
  const pathname = new URL(rawPath, 'http://localhost').pathname.replace(/(.)\/$/, '$1')
  for (const segment of pathname.split('/')) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      throw new Refusal(400, 'Malformed URL.')
    }
    if (decoded.includes('\0')) throw NOT_FOUND()
  }
  let rest = pathname.slice(API.length)
  const isGlobal = rest.startsWith('/globals')
  if (isGlobal) rest = rest.replace('/globals', '')
  const slug = rest.split('/')[1]
  // Payload's API root is no endpoint: Next.js would answer with its HTML error page.
  if (!slug) throw NOT_FOUND()
  const collection = isGlobal ? undefined : collectionBySlug(payload, slug)?.config
  const config = isGlobal ? payload.globals.config.find((global) => global.slug === slug) : collection
  if (!config) return { fields: null }
  if (config.endpoints === false) throw NOT_FOUND()
  const adjusted = rest.replace(`/${slug}`, '') || '/'
  const verb = method.toLowerCase()
  for (const endpoint of (config.endpoints ?? []) as Endpoint[]) {
    if (endpoint.method !== verb) continue
    const params = matchPath(endpoint.path, adjusted)
    if (params === undefined) continue
    if (params === null) break // a pattern this guard does not read: Payload decides
    if (endpoint.path.startsWith('/versions') && !config.versions) throw NOT_FOUND()
    const id = params.id
    if (id !== undefined && !endpoint.path.startsWith('/verify') && !isDocumentId(payload, collection, decodeURIComponent(id))) throw NOT_FOUND()
    break
  }
  return { fields: collection?.flattenedFields ?? null }
}

/**
 * `pattern` (path-to-regexp 6 as Payload uses it: literals, `:name`, a last `:name?`, case-blind)
 * against `path`: its raw parameters, `undefined` when it does not match, `null` when the
 * pattern has syntax this does not read.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined | null {
  if (/[*()+{}]/.test(pattern)) return null
  const want = pattern.split('/').slice(1)
  const have = path.split('/').slice(1)
  const params: Record<string, string> = {}
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    const part = want[i]
    const value = have[i]
    if (part === undefined) return undefined
    if (part.startsWith(':')) {
      const optional = part.endsWith('?')
      if (value === undefined || value === '') {
        if (optional && i === want.length - 1 && value === undefined) continue
        return undefined
      }
      params[part.slice(1, optional ? -1 : undefined)] = value
    } else if (value === undefined || part.toLowerCase() !== value.toLowerCase()) {
      return undefined
    }
  }
  return params
}

/** Document and version ids are PostgreSQL integers unless a collection chose text ids. */
function isDocumentId(payload: Payload, collection: { slug: string } | undefined, id: string): boolean {
  const customType = collection ? collectionBySlug(payload, collection.slug)?.customIDType : undefined
  if (customType === 'text') return id !== ''
  if (payload.db.defaultIDType !== 'number' && customType !== 'number') return id !== ''
  return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= INT4_MAX
}

/** The query as Payload's find, count, update and delete read it: counts, filters, joins, NULs. */
export function checkQuery(payload: Payload, target: Target, query: Record<string, unknown>): Record<string, unknown> {
  if (hasNul(query)) throw new Refusal(400, 'The query may not contain NUL characters.')
  for (const name of ['page', 'limit'] as const) checkCount(name, query[name])
  for (const name of ['where', 'data'] as const) {
    if (typeof query[name] !== 'string' || query[name] === '') continue
    try {
      query[name] = JSON.parse(query[name])
    } catch {
      throw new Refusal(400, `${name} must be valid JSON.`)
    }
  }
  checkWhere(payload, target.fields, query.where, 'where')
  if (query.joins && typeof query.joins === 'object') {
    for (const [name, join] of Object.entries(query.joins)) {
      if (!join || typeof join !== 'object') continue
      const { limit, page, where } = join as Record<string, unknown>
      checkCount(`joins[${name}][limit]`, limit)
      checkCount(`joins[${name}][page]`, page)
      const field = target.fields?.find((f) => f.name === name)
      const joined = field?.type === 'join' && typeof field.collection === 'string' ? collectionBySlug(payload, field.collection)?.config.flattenedFields : null
      checkWhere(payload, joined ?? null, where, `joins[${name}][where]`)
    }
  }
  return query
}

function checkCount(name: string, value: unknown) {
  if (value === undefined || value === '') return
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return
  throw new Refusal(400, `${name} must be a whole number from 0 to 999999999.`)
}

function checkWhere(payload: Payload, fields: FlattenedField[] | null, where: unknown, name: string, depth = 0): void {
  if (where === undefined || where === null || where === '') return
  if (typeof where !== 'object' || Array.isArray(where) || depth > 20) throw new Refusal(400, `${name} must be an object of conditions.`)
  for (const [key, condition] of Object.entries(where)) {
    if (key.toLowerCase() === 'and' || key.toLowerCase() === 'or') {
      if (!condition || typeof condition !== 'object') throw new Refusal(400, `${name}[${key}] must be a list of conditions.`)
      for (const [index, item] of Object.entries(condition)) checkWhere(payload, fields, item, `${name}[${key}][${index}]`, depth + 1)
      continue
    }
    if (!fields || !condition || typeof condition !== 'object' || !comparesIds(payload, fields, key)) continue
    for (const [operator, operand] of Object.entries(condition)) {
      if (operator === 'exists') continue
      if (!ID_OPERATORS.has(operator)) throw new Refusal(400, `${name}[${key}] cannot use ${operator}.`)
      const values = typeof operand === 'string' && LIST_OPERATORS.has(operator) ? operand.split(',') : Array.isArray(operand) ? operand : operand && typeof operand === 'object' ? Object.values(operand) : [operand]
      if (!values.every(isIdValue)) throw new Refusal(400, `${name}[${key}][${operator}] must be a document id.`)
    }
  }
}

/** Whether a `where` path ends at a document id: `id`, a relationship or upload, or `rel.id`. */
export function comparesIds(payload: Payload, topFields: FlattenedField[], path: string): boolean {
  let fields = topFields
  let atDocument = true // array rows also have an `id`, a text one
  const parts = path.split('.')
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1
    if (parts[i] === 'id') return last && atDocument
    const field = fields.find((f) => f.name === parts[i])
    if (!field) return false
    if (field.type === 'relationship' || field.type === 'upload') {
      if (last) return true
      if (Array.isArray(field.relationTo)) return parts[i + 1] === 'value' && i + 2 === parts.length
      const related = collectionBySlug(payload, field.relationTo)?.config.flattenedFields
      if (!related) return false
      fields = related
      atDocument = true
    } else if (field.type === 'join' && !last && typeof field.collection === 'string') {
      const related = collectionBySlug(payload, field.collection)?.config.flattenedFields
      if (!related) return false
      fields = related
      atDocument = true
    } else if ('flattenedFields' in field && !last) {
      fields = field.flattenedFields
      atDocument = false
    } else {
      return false
    }
  }
  return false
}

function isIdValue(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= INT4_MAX
  if (typeof value === 'string') return value === '' || value === 'null' || (/^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= INT4_MAX)
  // A polymorphic relationship's { relationTo, value }.
  if (typeof value === 'object' && !Array.isArray(value) && 'value' in value) return isIdValue((value as { value: unknown }).value)
  return false
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNul(item))
  return false
}

/**
 * Bodies of writes: Payload reads `application/json` and multipart (its admin's `_payload` field)
 * and nothing else, and answers 500 when what it read is not an object or cannot be stored.
 */
async function checkBody(payload: Payload, target: Target, req: Request): Promise<Record<string, unknown> | undefined> {
  const body = bodyBytesForNext(req)
  if (body.length === 0) return
  const contentType = String(req.headers['content-type'] ?? '')
  const [type] = contentType.split(';', 1)
  const override = String(req.headers['x-payload-http-method-override'] ?? req.headers['x-http-method-override'] ?? '')
  if (req.method === 'POST' && override === 'GET') {
    // A long query sent as a body (Payload's admin does this for relationship pickers).
    if (type === 'application/x-www-form-urlencoded') return checkQuery(payload, target, qs.parse(body.toString('utf8'), QS_OPTIONS))
    if (type === 'application/json') return checkQuery(payload, target, jsonObject(body.toString('utf8')))
  }
  if (type === 'application/json') {
    jsonObject(body.toString('utf8'))
    return
  }
  if (type?.includes('multipart/')) {
    let form: FormData
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
    } catch {
      throw new Refusal(400, 'The multipart body is malformed.')
    }
    const data = form.get('_payload')
    if (typeof data === 'string') jsonObject(data)
    return
  }
  throw new Refusal(415, 'Send the body as JSON (application/json) or multipart/form-data.')
}

/** A JSON object PostgreSQL can store: no NUL characters, no unpaired surrogates, bounded nesting. */
export function jsonObject(text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new Refusal(400, 'The body is not valid JSON.')
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Refusal(400, 'The body must be a JSON object.')
  checkStorable(value, 0)
  return value as Record<string, unknown>
}

function checkStorable(value: unknown, depth: number) {
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Refusal(400, 'Text may not contain NUL characters.')
    if (!value.isWellFormed()) throw new Refusal(400, 'Text must be valid Unicode.')
    return
  }
  if (!value || typeof value !== 'object') return
  if (depth >= MAX_BODY_DEPTH) throw new Refusal(400, 'The body is nested too deeply.')
  for (const [key, item] of Object.entries(value)) {
    checkStorable(key, depth + 1)
    checkStorable(item, depth + 1)
  }
}
