// PUT /api/profile: { bio, location, website } (SPEC §5). An absent field is left unchanged;
// '' or null clears it.
import { z } from '../zod'
import { BIO_MAX, LOCATION_MAX } from '../constants'
import { BIO_TOO_LONG, LOCATION_TOO_LONG, WEBSITE_INVALID } from '../messages'

const clearable = <T extends z.ZodType<string, string>>(field: T) =>
  z
    .union([field, z.null()])
    .optional()
    .transform((v) => (v === null ? '' : v))

const httpUrl = z.httpUrl()

export const profileUpdateSchema = z.object({
  bio: clearable(z.string({ error: BIO_TOO_LONG }).trim().max(BIO_MAX, { error: BIO_TOO_LONG })),
  location: clearable(
    z.string({ error: LOCATION_TOO_LONG }).trim().max(LOCATION_MAX, { error: LOCATION_TOO_LONG }),
  ),
  website: clearable(
    z
      .string({ error: WEBSITE_INVALID })
      .trim()
      .max(2048, { error: WEBSITE_INVALID })
      .refine((v) => v === '' || httpUrl.safeParse(v).success, { error: WEBSITE_INVALID }),
  ),
})

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>
export type ProfileUpdateData = z.output<typeof profileUpdateSchema>
