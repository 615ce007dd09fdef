import express from 'express'
import { describe, expect, it } from 'vitest'

import { trustProxySetting } from './client-ip'

/** What Express makes of a request from `peer` with this X-Forwarded-For, under TRUST_PROXY=`value`. */
function clientAddress(value: string | undefined, peer: string, forwardedFor?: string): string | undefined {
  const app = express()
  app.set('trust proxy', trustProxySetting(value))
  const req = Object.create(app.request) as express.Request
  Object.assign(req, {
    app,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  })
  return req.ip
}

describe('trustProxySetting', () => {
  it('trusts nobody by default: a client cannot choose its address', () => {
    expect(trustProxySetting(undefined)).toBe(false)
    expect(clientAddress(undefined, '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9')
    expect(clientAddress('false', '198.51.100.9', '203.0.113.1')).toBe('198.51.100.9')
  })

  it('true means one proxy: the address that proxy saw, not the leftmost a client wrote', () => {
    expect(trustProxySetting('true')).toBe(1)
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
    expect(clientAddress('true', '10.0.0.2', '1.2.3.4, 203.0.113.50')).toBe('203.0.113.50')
    expect(clientAddress('true', '10.0.0.2', '203.0.113.50')).toBe('203.0.113.50')
  })

  it('a hop count skips that many proxies from the right', () => {
    expect(clientAddress('2', '10.0.0.2', '1.2.3.4, 203.0.113.50, 10.0.0.1')).toBe('203.0.113.50')
  })

  it('a proxy list trusts only those addresses', () => {
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8'])
    expect(clientAddress('loopback', '127.0.0.1', '1.2.3.4, 203.0.113.50')).toBe('203.0.113.50')
    // A request that did not come through the proxy keeps its own address.
    expect(clientAddress('loopback', '198.51.100.9', '203.0.113.50')).toBe('198.51.100.9')
  })
})
