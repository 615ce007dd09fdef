/**
 * Express's `trust proxy` setting from TRUST_PROXY, so `req.ip` is the address the trusted proxy
 * saw (Express's own semantics): unset or `false` trusts nobody (the socket's peer is the client);
 * a number trusts that many proxies in front of the server (`true` means one, never "believe the
 * leftmost X-Forwarded-For entry", which any client can write); anything else is a comma-separated
 * list of proxy addresses, subnets or Express's names (`loopback`, `linklocal`, `uniquelocal`).
 */
export function trustProxySetting(value = process.env.TRUST_PROXY): false | number | string[] {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') return 1
  if (/^\d+$/.test(text)) return Number(text)
  return text.split(',').map((entry) => entry.trim()).filter(Boolean)
}
