// Account forms and endpoints: POST /api/auth/login, /register, /verify-age (SPEC §5, §7).
import { z } from '../zod'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../constants'
import {
  EMAIL_INVALID,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  USERNAME_INVALID,
  USERNAME_REQUIRED,
} from '../messages'
import { dateOfBirthField, optionalEmailField } from './fields'

/** Text PostgreSQL can compare: no NUL, no unpaired surrogate (either would fail the query). */
const storableText = (text: string) => !text.includes('\u0000') && text.isWellFormed()
/** Generous caps: no account has a longer name or password, and longer ones only cost work. */
const LOGIN_FIELD_MAX = 1024
export const LOGIN_FIELD_INVALID = 'Username and password must be plain text of at most 1024 characters.'

export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_REQUIRED })
    .trim()
    .min(1, { error: USERNAME_REQUIRED, abort: true })
    .max(LOGIN_FIELD_MAX, { error: LOGIN_FIELD_INVALID, abort: true })
    .refine(storableText, { error: LOGIN_FIELD_INVALID }),
  // Never trimmed: spaces can be part of a password.
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, { error: PASSWORD_REQUIRED, abort: true })
    .max(LOGIN_FIELD_MAX, { error: LOGIN_FIELD_INVALID, abort: true })
    .refine(storableText, { error: LOGIN_FIELD_INVALID }),
})

export const usernameField = z
  .string({ error: USERNAME_REQUIRED })
  .trim()
  .min(1, { error: USERNAME_REQUIRED, abort: true })
  .min(USERNAME_MIN, { error: USERNAME_INVALID, abort: true })
  .max(USERNAME_MAX, { error: USERNAME_INVALID, abort: true })
  .regex(USERNAME_PATTERN, { error: USERNAME_INVALID })

export const newPasswordField = z
  .string({ error: PASSWORD_REQUIRED })
  .min(MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT })
  .max(MAX_PASSWORD_LENGTH, { error: PASSWORD_TOO_LONG })

export const registerSchema = z
  .object({
    username: usernameField,
    email: optionalEmailField(EMAIL_INVALID),
    dateOfBirth: dateOfBirthField(),
    password: newPasswordField,
    confirmPassword: newPasswordField,
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
    // By default zod skips this check when any field is missing; report a mismatch anyway.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string'
    },
  })

export const verifyAgeSchema = z.object({
  dateOfBirth: dateOfBirthField(),
})

/** What a form holds / a client sends. */
export type LoginInput = z.input<typeof loginSchema>
export type RegisterInput = z.input<typeof registerSchema>
export type VerifyAgeInput = z.input<typeof verifyAgeSchema>
/** What an endpoint gets after parsing (trimmed; an empty email is undefined). */
export type LoginData = z.output<typeof loginSchema>
export type RegisterData = z.output<typeof registerSchema>
export type VerifyAgeData = z.output<typeof verifyAgeSchema>

/** Public shape of GET /api/auth/me and of `user` in the login/register responses. */
export type SessionUser = {
  id: number
  username: string
  email: string | null
  isVerified: boolean
  isAdmin: boolean
  isModerator: boolean
  isPremium: boolean
  memberNumber: number | null
  badges: string[]
  points: number
  level: number
  profilePicture: string | null
  createdAt: string
}

/** Body of the login and register responses. */
export type AuthResponse = { user: SessionUser }
