import { startFakePaypal } from '../fakes/paypal'
import { startFakeYoutube } from '../fakes/youtube'
import { freePort } from '../../server/embedded-postgres'
import { createTestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN } from '../helpers/test-server'

/** One fresh database, one fake PayPal and one real server for the browser suite; their URLs reach tests via env. */
export default async function globalSetup() {
  const paypal = await startFakePaypal()
  // The fake YouTube with one channel for the YouTube import panel (admin-youtube.spec.ts); its
  // videos are years old, so they sort after the seed's on every list the other specs read.
  const youtube = await startFakeYoutube()
  youtube.addChannel({
    handle: '@e2echannel',
    title: 'E2E Channel',
    videos: ['Fake Channel: First Upload', 'Fake Channel: Second Upload', 'Fake Channel: Third Upload'].map((title, i) => ({ title, publishedAt: `2015-0${i + 1}-01T12:00:00Z` })),
  })
  const database = await createTestDatabase('e2e').catch(async (error) => {
    await paypal.stop()
    await youtube.stop()
    throw error
  })
  // Live streams: an RTMP port of its own for the test publisher, and a short grace after a publish ends.
  const rtmpPort = await freePort()
  const server = await startTestServer('e2e', database.url, {
    RTMP_PORT: String(rtmpPort),
    LIVE_END_GRACE_SECONDS: '3',
    // The suite registers and signs in many members from one address.
    RATE_LIMIT_LOGIN: '10000',
    RATE_LIMIT_REGISTER: '10000',
    RATE_LIMIT_COMMENTS: '10000',
    RATE_LIMIT_COMMENT_LIKES: '10000',
    RATE_LIMIT_COMMENT_REACTIONS: '10000',
    RATE_LIMIT_PROFILE_PICTURE: '10000',
    ...paypal.env,
    ...youtube.env,
  }).catch(async (error) => {
    await database.dispose()
    await paypal.stop()
    await youtube.stop()
    throw error
  })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_RTMP_PORT = String(rtmpPort)
  process.env.E2E_ADMIN_USERNAME = TEST_ADMIN.username
  process.env.E2E_ADMIN_PASSWORD = TEST_ADMIN.password
  paypal.setWebhookTarget(`${server.url}/api/paypal/webhook`)
  process.env.FAKE_PAYPAL_URL = paypal.url
  process.env.FAKE_YOUTUBE_URL = youtube.url
  return async () => {
    await server.stop()
    await database.dispose()
    await paypal.stop()
    await youtube.stop()
  }
}
