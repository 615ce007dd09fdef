// `npm run demo:youtube`: the site (as `npm start`) talking to the fake YouTube, for trying the
// import panel by hand with no API key. The fake holds one channel, @voicesofjustice (the handle
// the panel offers), with a dozen uploads; add one while the site runs to see a sync pick it up.
import { spawn } from 'node:child_process'

import { SERVER_ENV, serverNodeArgs } from '../../../server/launch'
import { startFakeYoutube } from './index'

const youtube = await startFakeYoutube()
const topics = ['Community town hall', 'Know your rights', 'Voices from the march', 'Youth mentors', 'Housing justice', 'Black history live']
youtube.addChannel({
  handle: '@voicesofjustice',
  title: 'Voices of Justice',
  videos: Array.from({ length: 12 }, (_, i) => ({
    title: `${topics[i % topics.length]} — part ${Math.floor(i / topics.length) + 1}`,
    description: `00:00 Intro\n01:30 The story\n04:10 What you can do\n\nEpisode ${i + 1} from the fake channel.`,
    publishedAt: new Date(Date.UTC(2026, 9, 1 + i * 2, 15)).toISOString(),
  })),
})
console.log(`fake YouTube at ${youtube.url} (channel @voicesofjustice)`)
console.log(`add an upload: curl -X POST -H 'content-type: application/json' -d '{"title":"A new upload"}' ${youtube.url}/__fake/channels/@voicesofjustice/videos`)

const site = spawn(process.execPath, serverNodeArgs(), {
  stdio: 'inherit',
  env: { ...process.env, ...SERVER_ENV, NODE_ENV: 'production', ...youtube.env },
})
const stop = () => site.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
site.on('exit', async (code) => {
  await youtube.stop()
  process.exit(code ?? 0)
})
