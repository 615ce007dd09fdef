// Minimal types for the parts of autocannon 9 the benchmark uses (the package ships none).
declare module 'autocannon' {
  interface Percentiles {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    total: number
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    headers?: Record<string, string>
    method?: string
    body?: string
    /** Cycled per connection; `setupRequest` rebuilds a request before each send. */
    requests?: Array<Partial<Request> & { setupRequest?: (request: Request) => Request }>
  }
  export interface Request {
    method?: string
    path?: string
    headers: Record<string, string>
    body?: string | Buffer
  }
  export interface Instance {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this
    stop(): void
  }
  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    latency: Percentiles
    requests: Percentiles & { sent: number }
    throughput: Percentiles
  }
  function autocannon(options: Options): Promise<Result>
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance
  export default autocannon
}
