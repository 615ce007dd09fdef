import { describe, expect, it } from 'vitest'

import { parseS3Config } from './s3-config'

const full = { S3_BUCKET: 'site-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }

describe('object storage settings', () => {
  it('keep media on the local disk without S3_BUCKET', () => {
    expect(parseS3Config({})).toBeNull()
    expect(parseS3Config({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' })).toBeNull()
  })

  it('refuse bucket settings left without S3_BUCKET, naming them', () => {
    expect(() => parseS3Config({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID set without S3_BUCKET/)
  })

  it('refuse a bucket without credentials or with a bad endpoint, naming what is wrong', () => {
    expect(() => parseS3Config({ S3_BUCKET: 'site-media' })).toThrow(/S3_ACCESS_KEY_ID is required with S3_BUCKET; S3_SECRET_ACCESS_KEY is required/)
    expect(() => parseS3Config({ ...full, S3_ENDPOINT: 'ftp://example.org' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/)
    expect(() => parseS3Config({ ...full, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/not fully configured/)
  })

  it('fill in the defaults and normalise the prefix', () => {
    expect(parseS3Config(full)).toEqual({ bucket: 'site-media', endpoint: undefined, region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false, prefix: '' })
    expect(parseS3Config({ ...full, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: '/site/' })).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, prefix: 'site/' })
  })
})
