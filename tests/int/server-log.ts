// Shared by integration suites that read what the suite's server logged (not a test file itself).
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import { ROOT, runLabel } from '../helpers/test-database'

/** The suite's server writes its log here (tests/helpers/test-server.ts). */
const logFile = path.join(ROOT, '.data/test', `${runLabel('int')}-server.log`)

/** Where the log ends now: pass it to `logLinesSince` after the requests under test. */
export const logOffset = () => statSync(logFile).size

/** The log lines written after `offset`, once the server has had a moment to write them. */
export async function logLinesSince(offset: number): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return readFileSync(logFile).subarray(offset).toString('utf8').split('\n').filter(Boolean)
}

/** The same, parsed (every line is one pino JSON object). */
export const logEntriesSince = async (offset: number): Promise<any[]> => (await logLinesSince(offset)).map((line) => JSON.parse(line))
