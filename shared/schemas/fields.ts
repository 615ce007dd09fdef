// Field builders reused by the schemas in this folder.
import { z } from '../zod'
import { MIN_AGE } from '../constants'
import { ageOn, compareCalendarDates, parseIsoDate, utcCalendarDate } from '../dates'
import {
  DATE_INVALID,
  DOB_IN_FUTURE,
  DOB_INVALID,
  DOB_REQUIRED,
  MIN_AGE_MESSAGE,
  SLUG_INVALID,
  SLUG_REQUIRED,
  URL_INVALID,
} from '../messages'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SLUG_MAX = 200

/** Oldest plausible age; anything older is a typo, not a person. */
const MAX_AGE = 150

/** A required 'YYYY-MM-DD' date of birth: a real day, not after today (UTC), age at least 13. */
export function dateOfBirthField(now: () => Date = () => new Date()) {
  return z
    .string({ error: DOB_REQUIRED })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return ctx.addIssue({ code: 'custom', message: DOB_REQUIRED })
      const birth = parseIsoDate(value)
      if (!birth) return ctx.addIssue({ code: 'custom', message: DOB_INVALID })
      const today = now()
      if (compareCalendarDates(birth, utcCalendarDate(today)) > 0) {
        return ctx.addIssue({ code: 'custom', message: DOB_IN_FUTURE })
      }
      const age = ageOn(value, today)
      if (age > MAX_AGE) return ctx.addIssue({ code: 'custom', message: DOB_INVALID })
      if (age < MIN_AGE) return ctx.addIssue({ code: 'custom', message: MIN_AGE_MESSAGE })
    })
}

/** Optional email: '', null and undefined all mean "none" (output undefined); otherwise a valid address. */
export function optionalEmailField(message: string) {
  const email = z.email()
  return z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .refine((v) => v === '' || email.safeParse(v).success, { error: message })
    .nullish()
    .transform((v) => v || undefined)
}

/** A non-empty lowercase-hyphenated slug ('' gives 'Slug is required'). */
export const slugField = z
  .string({ error: SLUG_REQUIRED })
  .trim()
  .min(1, { error: SLUG_REQUIRED, abort: true })
  .max(SLUG_MAX, { error: SLUG_INVALID })
  .regex(SLUG_PATTERN, { error: SLUG_INVALID })

/** Optional trimmed text; null becomes undefined. */
export function optionalText(max: number, message?: string) {
  return z
    .string()
    .trim()
    .max(max, message === undefined ? undefined : { error: message })
    .nullish()
    .transform((v) => v ?? undefined)
}

/** true/false, also as the strings 'true'/'false'/'on'/'1'/'0' that multipart forms send. */
export const booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1'),
])

/** A Payload relation id: a positive integer, or its string form. '' and null mean "none" (null). */
export const relationIdField = z
  .union([
    z.number().int().positive(),
    z.string().trim().regex(/^\d+$/).transform(Number),
    z.literal('').transform(() => null),
    z.null(),
  ])
  .optional()

/** An optional date or date-time string normalised to an ISO instant; '' and null mean "none" (null). */
export const optionalDateTimeField = z
  .union([z.string().trim(), z.null()])
  .optional()
  .superRefine((v, ctx) => {
    if (v && !isDateLike(v)) ctx.addIssue({ code: 'custom', message: DATE_INVALID })
  })
  .transform((v) => (v === undefined ? undefined : v ? new Date(v).toISOString() : null))

/** A required date or date-time string normalised to an ISO instant. */
export function requiredDateTimeField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .refine(isDateLike, { error: DATE_INVALID })
    .transform((v) => new Date(v).toISOString())
}

function isDateLike(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return false
  // The calendar date must exist (Date.parse would roll 2024-02-30 over to March 1), and the
  // instant must sit in years the database and people both mean (no year 0, no 10000 by offset).
  const time = Date.parse(v)
  if (Number.isNaN(time) || parseIsoDate(v.slice(0, 10)) === null) return false
  const year = new Date(time).getUTCFullYear()
  return year >= 1900 && year <= 9998
}

/** An absolute http(s) URL, or a site path like '/media/x.jpg'. '' and null mean "none" (undefined). */
export function optionalUrlOrPathField(message: string = URL_INVALID) {
  const httpUrl = z.httpUrl()
  return z
    .string()
    .trim()
    .max(2048, { error: message })
    .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || httpUrl.safeParse(v).success, {
      error: message,
    })
    .nullish()
    .transform((v) => v || undefined)
}
