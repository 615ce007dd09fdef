import { getPayload, type Payload } from 'payload'

import config from '../../payload.config'

/**
 * The process-wide Payload instance. The Express server initialises it before serving, so this
 * returns the cached instance (getPayload's global cache) shared with the Next.js admin.
 */
export const getPayloadClient = (): Promise<Payload> => getPayload({ config })
