// The zod every schema in shared/ is built with (import { z } from '../zod', never from 'zod').
//
// In the browser zod runs jitless. Its JIT compiles object parsers with `new Function`, and even
// deciding whether it may (a caught `new Function('')` probe) is reported as an 'unsafe-eval'
// violation under the site's CSP. zod reads the setting when an object schema is constructed, not
// when it parses, so it must be in place before any schema module runs: importing z from here
// guarantees that order. The server keeps the JIT: the setting is process-wide (zod keeps it on
// globalThis), shared with every other copy of zod in the process.
import { z } from 'zod'

if (typeof window !== 'undefined') z.config({ jitless: true })

export { z }
