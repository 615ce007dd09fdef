import type { TestProject } from 'vitest/node'

import { createTestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN } from '../helpers/test-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    databaseUrl: string
    admin: { username: string; password: string }
  }
}

/** One fresh database and one real server for the integration suite. */
export default async function setup(project: TestProject) {
  const database = await createTestDatabase('int')
  // TRUST_PROXY lets each test speak from its own X-Forwarded-For address, so per-IP limits
  // are tested on purpose rather than tripped by the suite as a whole.
  const server = await startTestServer('int', database.url, { TRUST_PROXY: 'true' }).catch(async (error) => {
    await database.dispose()
    throw error
  })
  project.provide('baseUrl', server.url)
  project.provide('databaseUrl', database.url)
  project.provide('admin', TEST_ADMIN)
  return async () => {
    await server.stop()
    await database.dispose()
  }
}
