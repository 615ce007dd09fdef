// s3rver ships no types: the part of its API the fake uses.
declare module 's3rver' {
  type Options = { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: { name: string; configs: unknown[] }[] }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<unknown>
    close(): Promise<void>
  }
}
