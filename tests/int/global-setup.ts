import { randomBytes } from 'node:crypto'

import type { TestProject } from 'vitest/node'

import { freePort } from '../../server/embedded-postgres'
import { startFakePaypal } from '../fakes/paypal'
import { createTestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN } from '../helpers/test-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    databaseUrl: string
    admin: { username: string; password: string }
    previewSecret: string
    fakePaypalUrl: string
    rtmpPort: number
  }
}

/** One fresh database, one fake PayPal and one real server (using that PayPal) for the integration suite. */
export default async function setup(project: TestProject) {
  const paypal = await startFakePaypal()
  const database = await createTestDatabase('int').catch(async (error) => {
    await paypal.stop()
    throw error
  })
  // TRUST_PROXY lets each test speak from its own X-Forwarded-For address, so per-IP limits
  // are tested on purpose rather than tripped by the suite as a whole.
  // PREVIEW_SECRET: the suite signs its own preview links; JOBS_CRON: the jobs queue looks for due
  // jobs every 2 seconds instead of every minute, so a scheduled post is published within the test.
  // RTMP_PORT: the live ingest on a port of its own; LIVE_END_GRACE_SECONDS: a stream whose
  // publisher left ends within the test.
  const previewSecret = randomBytes(32).toString('hex')
  const rtmpPort = await freePort()
  const server = await startTestServer('int', database.url, {
    TRUST_PROXY: 'true',
    PREVIEW_SECRET: previewSecret,
    JOBS_CRON: '*/2 * * * * *',
    RTMP_PORT: String(rtmpPort),
    LIVE_END_GRACE_SECONDS: '3',
    ...paypal.env,
  }).catch(async (error) => {
    await database.dispose()
    await paypal.stop()
    throw error
  })
  project.provide('baseUrl', server.url)
  project.provide('databaseUrl', database.url)
  project.provide('admin', TEST_ADMIN)
  project.provide('previewSecret', previewSecret)
  project.provide('rtmpPort', rtmpPort)
  paypal.setWebhookTarget(`${server.url}/api/paypal/webhook`)
  process.env.FAKE_PAYPAL_URL = paypal.url
  project.provide('fakePaypalUrl', paypal.url)
  return async () => {
    await server.stop()
    await database.dispose()
    await paypal.stop()
  }
}
