import type { APIRoute } from 'astro'

import { KNOWN_DEVICE_COOKIE, parseLoginBody, signIn, toSessionUser } from '../../../../cms/services/auth'
import { rules } from '../../../../cms/services/rate-limit'
import { clientIp, enforceRateLimit, handle, HttpError, json, MAX_JSON_BYTES } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const ip = clientIp(context)
    await enforceRateLimit(rules.login, ip)
    // Read as sent (not cleaned like other bodies): a NUL or a lone surrogate is a 400, never a changed password.
    const text = await context.request.text()
    if (text.length > MAX_JSON_BYTES) throw new HttpError(413, 'Request body is too large.')
    const input = await parseLoginBody(text, 'application/json')
    const payload = await getPayloadClient()
    const { user, cookies } = await signIn(payload, {
      username: input.username,
      password: input.password,
      clientKey: ip,
      knownDevice: context.cookies.get(KNOWN_DEVICE_COOKIE)?.value,
    })
    const response = json({ user: toSessionUser(user) })
    for (const cookie of cookies) response.headers.append('set-cookie', cookie)
    return response
  })
