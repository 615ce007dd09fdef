// Where media bytes live: the local disk (DATA_DIR) unless S3_BUCKET names an S3-compatible
// bucket. Read once from the environment; a partial configuration stops the server at startup
// with the variables it lacks, rather than failing at the first upload.
import { z } from '../../../shared/zod'

export type S3Config = {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
  /** Prepended to every key, '' or ending in '/'. */
  prefix: string
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const schema = z.object({
  S3_BUCKET: z.string().trim().min(3, 'S3_BUCKET must be a bucket name').max(63),
  S3_ENDPOINT: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional()),
  S3_REGION: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || 'us-east-1'),
  S3_ACCESS_KEY_ID: z.string({ error: 'S3_ACCESS_KEY_ID is required with S3_BUCKET' }).trim().min(1, 'S3_ACCESS_KEY_ID is required with S3_BUCKET'),
  S3_SECRET_ACCESS_KEY: z.string({ error: 'S3_SECRET_ACCESS_KEY is required with S3_BUCKET' }).min(1, 'S3_SECRET_ACCESS_KEY is required with S3_BUCKET'),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^[A-Za-z0-9!_.*'()/-]+$/.test(value), 'S3_PREFIX may hold letters, digits, / and !_.*\'()-')
    .transform((value) => (value ? `${value.replace(/^\/+|\/+$/g, '')}/` : '')),
})

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const

/** Parses the S3_* variables: null when S3_BUCKET is unset (the local disk), else the checked settings. */
export function parseS3Config(env: Record<string, string | undefined>): S3Config | null {
  if (!env.S3_BUCKET?.trim()) {
    const stray = S3_VARIABLES.filter((name) => name !== 'S3_REGION' && name !== 'S3_FORCE_PATH_STYLE' && env[name]?.trim())
    if (stray.length > 0) throw new Error(`Object storage: ${stray.join(', ')} set without S3_BUCKET. Set S3_BUCKET to store media in a bucket, or unset them to keep media on the local disk.`)
    return null
  }
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join('; ')
    throw new Error(`Object storage (S3_BUCKET=${env.S3_BUCKET}) is not fully configured: ${problems}.`)
  }
  const c = parsed.data
  return {
    bucket: c.S3_BUCKET,
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    prefix: c.S3_PREFIX,
  }
}

let cached: { config: S3Config | null } | null = null

/** This process's object storage settings (read once), or null for the local disk. */
export function s3Config(): S3Config | null {
  cached ??= { config: parseS3Config(process.env) }
  return cached.config
}

/** The bucket's key prefixes of the two upload folders (mirroring DATA_DIR/media and DATA_DIR/avatars). */
export const mediaKeyPrefix = (config: S3Config) => `${config.prefix}media/`
export const avatarsKeyPrefix = (config: S3Config) => `${config.prefix}avatars/`
export const tusKeyPrefix = (config: S3Config) => `${config.prefix}tus/`
