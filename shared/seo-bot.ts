// The SEO bot (SPEC §2 Admin → SEO bot, §3 Video search fields, §4, §7, §8, §9): what any engine
// must produce, the limits it must keep, the admin API's shapes and the panel's strings.
import { keyMomentSeconds, KEY_MOMENT_DESCRIPTION_MAX } from './key-moments'
import { SEO_BOT_CHECK_INTERVAL_MS } from './constants'
import { z } from './zod'

/** What search results show before cutting (the bot's own limits; the fields allow more by hand). */
export const SEO_BOT_TITLE_MAX = 60
export const SEO_BOT_DESCRIPTION_MAX = 155
export const SEO_BOT_KEYWORDS_MAX = 10
export const SEO_BOT_TAGS_MAX = 8
export const SEO_BOT_KEY_MOMENTS_MAX = 50
export { SEO_BOT_CHECK_INTERVAL_MS }

/** Engines the `SEO_PROVIDER` setting may name; 'local' runs here, offline. */
const SEO_FIELD_COUNT_MAX = 10

export const SEO_PROVIDERS = ['local'] as const
export type SeoProviderName = (typeof SEO_PROVIDERS)[number]

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[\r\n]/.test(s), 'One line only.')

const term = z.string().trim().min(1).max(80)

/**
 * One engine's answer for one video, whatever the provider: parsed with this before anything is
 * stored, so a provider that overflows a limit or invents a timestamp is refused, not saved.
 */
export const seoFieldsSchema = z
  .object({
    /** null: the title already serves search well, so none is proposed (the video keeps its own). */
    seoTitle: line(SEO_BOT_TITLE_MAX).nullable(),
    seoDescription: line(SEO_BOT_DESCRIPTION_MAX),
    keywords: z.array(term).max(SEO_BOT_KEYWORDS_MAX),
    tags: z.array(term).max(SEO_BOT_TAGS_MAX),
    category: line(100),
    targetAudience: line(300),
    emotionalTone: line(100),
    callToAction: z.string().trim().min(1).max(500),
    timestampedSummary: z.string().trim().max(5000),
    keyMoments: z
      .array(
        z.object({
          timestamp: z.string().trim().refine((t) => keyMomentSeconds(t) !== null, 'Write the time as m:ss or h:mm:ss.'),
          description: z.string().trim().min(1).max(KEY_MOMENT_DESCRIPTION_MAX),
        }),
      )
      .max(SEO_BOT_KEY_MOMENTS_MAX)
      .refine((rows) => rows.every((row, i) => i === 0 || keyMomentSeconds(row.timestamp)! > keyMomentSeconds(rows[i - 1]!.timestamp)!), 'Key moments must be in time order.'),
  })
  .strict()

export type SeoFields = z.infer<typeof seoFieldsSchema>
export const SEO_FIELD_NAMES = Object.keys(seoFieldsSchema.shape) as (keyof SeoFields)[]

export type SeoFieldName = keyof SeoFields

/** One field's value as the creator may edit it before accepting (a title must then be given). */
export const seoFieldValueSchemas = { ...seoFieldsSchema.shape, seoTitle: line(SEO_BOT_TITLE_MAX) }

export const SEO_FIELD_LABELS: Record<keyof SeoFields, string> = {
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  keywords: 'Keywords',
  tags: 'Tags',
  category: 'Category',
  targetAudience: 'Target audience',
  emotionalTone: 'Emotional tone',
  callToAction: 'Call to action',
  timestampedSummary: 'Timestamped summary',
  keyMoments: 'Key moments',
}

// ── Admin API shapes ───────────────────────────────────────────────────────────

/** GET /api/seo-bot/status (SPEC §7); `checkInterval` in milliseconds. */
export type SeoBotStatus = {
  isRunning: boolean
  processedThisSession: number
  totalVideos: number
  checkInterval: number
  startedAt: string | null
  lastRunAt: string | null
  lastRunError: string | null
  pendingProposals: number
  autoAccept: boolean
  provider: string
}

export type SeoProposalStatus = 'pending' | 'accepted' | 'rejected' | 'failed'

/** A field as the video has it now, for the diff (same shape as the proposal's). */
export type CurrentSeoFields = { [K in keyof SeoFields]: SeoFields[K] | null }

/** What became of one proposed field: written to the video (as proposed or as edited), turned down, or kept because the video's own value is hand-written. */
export type SeoFieldDecision = {
  action: 'accepted' | 'rejected' | 'kept'
  /** The value written, when accepted. */
  value?: unknown
  /** Accepted with the creator's own edit. */
  edited?: boolean
  at: string
  by: number | null
}
export type SeoFieldDecisions = Partial<Record<SeoFieldName, SeoFieldDecision>>

export type SeoProposalView = {
  id: number
  status: SeoProposalStatus
  provider: string
  createdAt: string
  error: string | null
  video: { id: number; videoId: string; title: string } | null
  proposed: SeoFields | null
  current: CurrentSeoFields | null
  /** The fields whose proposed value differs from the current one. */
  changed: (keyof SeoFields)[]
  /** The fields decided so far (a proposal may be accepted field by field). */
  decisions: SeoFieldDecisions
  /** The video's title, description or duration changed since the proposal was made. */
  stale: boolean
  /** The video's key moments were written by hand: the bot never replaces them. */
  keyMomentsHandWritten: boolean
}

const fieldName = z.enum(Object.keys(seoFieldsSchema.shape) as [SeoFieldName, ...SeoFieldName[]])

/**
 * POST /api/seo-bot/proposals/{id}/accept: no body accepts every proposed field; `fields` only
 * those; `values` the creator's edits of some of them (each checked with the field's own rule).
 */
export const seoAcceptSchema = z
  .object({
    fields: z.array(fieldName).min(1).max(SEO_FIELD_COUNT_MAX).optional(),
    values: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const [name, value] of Object.entries(body.values ?? {})) {
      const schema = (seoFieldValueSchemas as Record<string, z.ZodType>)[name]
      if (!schema) {
        ctx.addIssue({ code: 'custom', path: ['values', name], message: `There is no field called ${name}.` })
        continue
      }
      const parsed = schema.safeParse(value)
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['values', name], message: `${SEO_FIELD_LABELS[name as SeoFieldName]}: ${parsed.error.issues[0]?.message ?? 'not a valid value'}` })
    }
  })
  .transform((body) => ({
    fields: body.fields,
    values: Object.fromEntries(Object.entries(body.values ?? {}).map(([name, value]) => [name, (seoFieldValueSchemas as Record<string, z.ZodType>)[name]!.parse(value)])) as Partial<SeoFields>,
  }))
export type SeoAcceptInput = z.output<typeof seoAcceptSchema>

/** POST /api/seo-bot/proposals/bulk: accept (every field) or reject several proposals at once. */
export const seoBulkSchema = z
  .object({ action: z.enum(['accept', 'reject']), ids: z.array(z.number().int().positive()).min(1, 'Select at least one proposal.').max(100) })
  .strict()
export type SeoBulkInput = z.infer<typeof seoBulkSchema>
export type SeoBulkResult = { message: string; results: { id: number; ok: boolean; error?: string }[] }

export const seoProposalListQuerySchema = z.object({
  status: z.enum(['pending', 'accepted', 'rejected', 'failed']).default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
})

export const seoBotSettingsSchema = z.object({ autoAccept: z.boolean() }).strict()
export type SeoBotSettings = z.infer<typeof seoBotSettingsSchema>


// ── Panel strings ──────────────────────────────────────────────────────────────

export const SEO_BOT_MESSAGES = {
  started: (interval: string) => `SEO bot started. It checks for videos without SEO data every ${interval}.`,
  alreadyRunning: 'The SEO bot is already running.',
  stopped: 'SEO bot stopped.',
  alreadyStopped: 'The SEO bot is already stopped.',
  processingQueued: 'Processing started: videos without SEO data will have proposals shortly.',
  processingAlreadyQueued: 'Processing is already under way.',
  accepted: 'Proposal accepted: the video now uses these fields.',
  rejected: 'Proposal rejected.',
  notPending: 'This proposal has already been decided.',
  fieldsAccepted: (n: number) => `Accepted ${n} field${n === 1 ? '' : 's'}: the video now uses ${n === 1 ? 'it' : 'them'}.`,
  restRejected: 'The remaining fields were rejected; the accepted ones stay on the video.',
  stale: 'Stale — the video changed since this proposal was made. Regenerate it to get fields for the video as it is now.',
  staleLabel: 'Stale — the video changed since',
  regenerated: 'Proposal regenerated from the video as it is now.',
  keyMomentsHandWritten: 'These key moments were written by hand: the bot never replaces them.',
  fieldNotProposed: (label: string) => `The bot proposed no ${label} here; edit it in to accept one.`,
  fieldDecided: (label: string) => `${label} has already been decided.`,
  bulkDone: (ok: number, failed: number, action: 'accept' | 'reject') =>
    `${action === 'accept' ? 'Accepted' : 'Rejected'} ${ok} proposal${ok === 1 ? '' : 's'}${failed ? `; ${failed} could not be ${action === 'accept' ? 'accepted' : 'rejected'}` : ''}.`,
  proposalNotFound: 'Proposal not found.',
  videoGone: 'The video of this proposal no longer exists.',
  signIn: 'Please sign in as an admin.',
  adminsOnly: 'Only admins can use the SEO bot.',
} as const

/** '5 minutes' for 300000. */
export function describeInterval(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes >= 1) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  const seconds = Math.round(ms / 1000)
  return `${seconds} second${seconds === 1 ? '' : 's'}`
}
