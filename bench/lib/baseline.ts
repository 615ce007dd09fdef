import { fork } from 'node:child_process'
import path from 'node:path'

export type Baseline = { url: string; stop: () => Promise<void> }

/** The yardstick: express.static serving saved copies of the pages, in its own process on a loopback port. */
export async function startBaseline(dir: string): Promise<Baseline> {
  const child = fork(path.join(import.meta.dirname, 'baseline-server.ts'), [dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('baseline server did not start in 30 s')), 30_000)
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer)
      if (message.port) resolve(message.port)
      else reject(new Error('baseline server sent no port'))
    })
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)))
  }).catch((error) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
