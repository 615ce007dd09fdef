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
  export default autocannon
}
