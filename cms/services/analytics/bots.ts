// Which requests are not people: crawlers, link previews, headless browsers, HTTP libraries and
// uptime monitors. Their page requests are not recorded as page views.

/**
 * Lower-case fragments of user agents that are never a person at a browser. Generic words first
 * (`bot` catches Googlebot, bingbot, Twitterbot, GPTBot…), then the named ones that carry none of
 * them. Kept short on purpose: a browser's user agent contains none of these.
 */
export const BOT_USER_AGENT_MARKERS = [
  // crawlers, link previews and AI fetchers
  'bot',
  'crawl',
  'spider',
  'slurp',
  'facebookexternalhit',
  'facebookcatalog',
  'embedly',
  'quora link preview',
  'whatsapp',
  'mediapartners-google',
  'adsbot',
  'apis-google',
  'google-inspectiontool',
  'googleother',
  'feedfetcher',
  'bingpreview',
  'ia_archiver',
  'archive.org',
  'bytespider',
  'petalbot',
  'yandex',
  'baiduspider',
  'perplexity',
  'anthropic-ai',
  'cohere-ai',
  'scrapy',
  // headless and automated browsers
  'headless',
  'phantomjs',
  'selenium',
  'webdriver',
  'puppeteer',
  'playwright',
  'lighthouse',
  'pagespeed',
  'gtmetrix',
  'prerender',
  // HTTP libraries and command-line clients
  'curl/',
  'wget/',
  'httpie',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'httpx',
  'go-http-client',
  'okhttp',
  'java/',
  'apache-httpclient',
  'libwww-perl',
  'node-fetch',
  'axios/',
  'undici',
  'got (',
  'postmanruntime',
  'insomnia',
  'autocannon',
  // uptime and synthetic monitoring
  'monitor',
  'uptime',
  'pingdom',
  'statuscake',
  'site24x7',
  'newrelicpinger',
  'datadog',
  'nagios',
  'zabbix',
  'check_http',
  'synthetic',
  'cloudflare-healthchecks',
  'elb-healthchecker',
  'kube-probe',
  'googlehc',
] as const

/** Node's own fetch says just "node"; an empty or absurdly short agent is no browser either. */
const BARE_AGENTS = new Set(['node', 'mozilla', 'mozilla/5.0', '-'])

/** True for a user agent that is not a person at a browser (or no user agent at all). */
export function isBot(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim().toLowerCase()
  if (ua.length < 10 || BARE_AGENTS.has(ua)) return true
  return BOT_USER_AGENT_MARKERS.some((marker) => ua.includes(marker))
}
