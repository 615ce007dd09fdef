// `npm run fake:s3`: the local S3 fake the tests use, kept running on a fixed loopback port with its
// files under DATA_DIR (default .data) in fake-s3/, for trying the deployment recipe (README:
// Deployment) without a cloud account. Prints the S3_* variables that point servers at it.
import path from 'node:path'

import { startFakeS3 } from './index'

const port = Number(process.env.FAKE_S3_PORT ?? 9000)
const directory = path.resolve(process.env.DATA_DIR ?? '.data', 'fake-s3')
const fake = await startFakeS3({ bucket: process.env.FAKE_S3_BUCKET ?? 'media', port, directory })
const exports = Object.entries(fake.env)
  .map(([name, value]) => `export ${name}=${value}`)
  .join('\n')
process.stdout.write(`A local S3 fake is listening on ${fake.endpoint} (files in ${directory}).\nPoint the servers at it with:\n\n${exports}\n\nCtrl-C stops it (its files stay).\n`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void fake.stop().finally(() => process.exit(0)))
