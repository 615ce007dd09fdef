import { loginSchema, type LoginData } from '../../../shared/schemas/auth'
import { badRequest } from '../errors'

export const INVALID_BODY = 'Request body must be valid JSON.'

/**
 * A sign-in body, as the site's form (JSON) or Payload's admin login screen (multipart form data
 * with a `_payload` JSON field; also JSON or a urlencoded form) sends it, checked with the shared
 * login schema. Anything else (not JSON, wrong types, NUL bytes, unpaired surrogates) is a 400
 * before any account is looked up.
 */
export async function parseLoginBody(body: Buffer | string, contentType: string | null | undefined): Promise<LoginData> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  let data: unknown
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    let form: FormData
    try {
      form = await new Response(typeof body === 'string' ? body : new Uint8Array(body), { headers: { 'content-type': contentType! } }).formData()
    } catch {
      throw badRequest('Request body must be a valid form.')
    }
    const json = form.get('_payload')
    data = typeof json === 'string' ? parseJsonText(json) : { username: form.get('username'), password: form.get('password') }
  } else {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    data = text.trim() ? parseJsonText(text) : {}
  }
  const result = loginSchema.safeParse(data)
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
    throw badRequest(issues[0]?.message ?? 'Invalid request.', { issues })
  }
  return result.data
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest(INVALID_BODY)
  }
}
