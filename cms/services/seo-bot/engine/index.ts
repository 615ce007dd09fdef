// Which engine writes the proposals: SEO_PROVIDER ('local' by default). Another provider (an AI
// service) plugs in here with the same input and output; its answer is parsed with the one schema.
import { SEO_PROVIDERS, seoFieldsSchema, type SeoFields, type SeoProviderName } from '../../../../shared/seo-bot'
import { generateLocalSeo } from './local'
import type { SeoContext, SeoInput, SeoProvider } from './types'

export type { SeoContext, SeoInput, SeoProvider } from './types'

const PROVIDERS: Record<SeoProviderName, SeoProvider> = {
  local: { name: 'local', generate: generateLocalSeo },
}

/** The configured provider; an unknown name is a configuration error, never a silent fallback. */
export function seoProvider(name: string | undefined = process.env.SEO_PROVIDER): SeoProvider {
  const chosen = (name?.trim() || 'local') as SeoProviderName
  if (!SEO_PROVIDERS.includes(chosen)) throw new Error(`SEO_PROVIDER "${name}" is not one of: ${SEO_PROVIDERS.join(', ')}`)
  return PROVIDERS[chosen]
}

export class InvalidSeoOutput extends Error {}

/** Runs the provider and validates its answer: what it returns is safe to store as is. */
export async function generateSeo(provider: SeoProvider, input: SeoInput, context: SeoContext): Promise<SeoFields> {
  const raw = await provider.generate(input, context)
  const parsed = seoFieldsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new InvalidSeoOutput(`${provider.name} gave an invalid ${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'unknown problem'}`)
  }
  return parsed.data
}

