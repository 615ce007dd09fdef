// The 'local' SEO engine: runs here, offline, from the video's own text (README: local engine).
import Sentiment from 'sentiment'

import { parseIsoDuration } from '../../../../shared/format'
import { SEO_BOT_DESCRIPTION_MAX, SEO_BOT_KEYWORDS_MAX, SEO_BOT_TAGS_MAX, SEO_BOT_TITLE_MAX, type SeoFields } from '../../../../shared/seo-bot'
import type { SeoContext, SeoInput } from './types'
import { clampWithEllipsis, cutAtWord, hashtags, parseChapters, rankTerms, sentences, stem, termKey, words, type RankedTerm } from './text'

const sentiment = new Sentiment()

/** How much one occurrence counts, by where it stands. */
const WEIGHT = { title: 3, chapters: 2, body: 1 } as const

export function generateLocalSeo(input: SeoInput, context: SeoContext): SeoFields {
  const title = input.title.replace(/\s+/g, ' ').trim()
  const description = input.description ?? ''
  const seconds = input.duration ? parseIsoDuration(input.duration) : null
  const { chapters, rest } = parseChapters(description, seconds)
  const chapterText = chapters.map((c) => c.description).join('.\n')
  const body = sentences(rest).join(' ')
  const ranked = preferVocabulary(
    rankTerms([
      { text: title, weight: WEIGHT.title },
      { text: chapterText, weight: WEIGHT.chapters },
      { text: body, weight: WEIGHT.body },
    ]),
    context.vocabulary,
  )
  const keywords = pickKeywords(ranked)
  const tags = pickTags(ranked, [...(input.tags ?? []), ...hashtags(description)], context.vocabulary)
  const topic = keywords.slice(0, 2)
  const format = detectFormat(`${title} ${body} ${chapterText}`)

  return {
    seoTitle: seoTitle(title),
    seoDescription: seoDescription(title, body, keywords),
    keywords,
    tags,
    category: pickCategory(ranked, context),
    targetAudience: targetAudience(format, topic, `${title} ${body}`),
    emotionalTone: emotionalTone(`${title}. ${body} ${chapterText}`),
    callToAction: callToAction(format, topic),
    timestampedSummary: chapters.length ? chapters.map((c) => `${c.timestamp} ${c.description}`).join('\n') : overview(body, ranked),
    keyMoments: chapters.map(({ timestamp, description: name }) => ({ timestamp, description: name })),
  }
}

/** The title as it is when it fits; else its lead before a separator, else cut at a word. */
function seoTitle(title: string): string {
  if (title.length <= SEO_BOT_TITLE_MAX) return title
  const lead = title.split(/\s[-–—|:]\s|:\s/)[0]!.trim()
  if (lead.length >= 20 && lead.length <= SEO_BOT_TITLE_MAX) return lead
  return cutAtWord(title, SEO_BOT_TITLE_MAX)
}

/** The description's opening sentences that fit; a short one gets what the video covers. */
function seoDescription(title: string, body: string, keywords: string[]): string {
  let text = ''
  for (const sentence of sentences(body)) {
    const next = text ? `${text} ${sentence}` : sentence
    if (next.length > SEO_BOT_DESCRIPTION_MAX) break
    text = next
  }
  if (!text) text = body ? clampWithEllipsis(body, SEO_BOT_DESCRIPTION_MAX) : title
  const covers = keywords.slice(0, 3)
  if (text.length < 90 && covers.length) {
    const more = `${/[.!?…]$/.test(text) ? '' : '.'} Covers ${listOf(covers)}.`
    if (text.length + more.length <= SEO_BOT_DESCRIPTION_MAX) text += more
  }
  return clampWithEllipsis(text, SEO_BOT_DESCRIPTION_MAX)
}

const listOf = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`)

/** A term the site already uses as a tag outranks an equally frequent one it does not. */
function preferVocabulary(ranked: RankedTerm[], vocabulary: string[]): RankedTerm[] {
  const known = new Set(vocabulary.map(termKey))
  return ranked.map((t) => (known.has(t.key) ? { ...t, score: t.score * 1.5 } : t)).sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
}

/**
 * The best terms, no term twice: a word inside a phrase already picked is left out, and so is a
 * phrase sharing a word with one ('community town' after 'town hall').
 */
function pickKeywords(ranked: RankedTerm[]): string[] {
  const picked: RankedTerm[] = []
  for (const term of ranked) {
    if (picked.length >= SEO_BOT_KEYWORDS_MAX) break
    const parts = term.key.split(' ')
    const overlaps = picked.some((p) => {
      const taken = p.key.split(' ')
      return parts.length === 1 ? taken.includes(parts[0]!) : parts.some((w) => taken.includes(w))
    })
    if (!overlaps) picked.push(term)
  }
  return picked.map((t) => t.text)
}

/**
 * The video's own tags and hashtags first, then the site's tags the text speaks of (their
 * spelling, ranked by how much the text says of them), then its best terms, up to the limit.
 */
function pickTags(ranked: RankedTerm[], ownTags: string[], vocabulary: string[]): string[] {
  const score = new Map(ranked.map((t) => [t.key, t.score]))
  const fromVocabulary = vocabulary
    .map((tag) => ({ tag, key: termKey(tag) }))
    .filter((v) => v.key && score.has(v.key))
    .sort((a, b) => score.get(b.key)! - score.get(a.key)! || a.tag.localeCompare(b.tag))
    .map((v) => v.tag)
  const byKey = new Map(vocabulary.map((tag) => [termKey(tag), tag]))
  const candidates = [...ownTags.map((t) => byKey.get(termKey(t)) ?? t.trim()), ...fromVocabulary, ...ranked.map((t) => byKey.get(t.key) ?? t.text)]
  const seen = new Set<string>()
  const tags: string[] = []
  for (const tag of candidates) {
    const key = termKey(tag)
    if (!key || seen.has(key)) continue
    seen.add(key)
    tags.push(tag)
    if (tags.length >= SEO_BOT_TAGS_MAX) break
  }
  return tags
}

/** The category whose words (name, description, the tags of its videos) the text weighs most. */
function pickCategory(ranked: RankedTerm[], context: SeoContext): string {
  const score = new Map<string, number>()
  for (const t of ranked) for (const part of t.key.split(' ')) score.set(part, Math.max(score.get(part) ?? 0, t.score))
  let best: { slug: string; score: number } | null = null
  for (const category of context.categories) {
    const terms = new Set(category.terms.flatMap((t) => words(t).map(stem)))
    const total = [...terms].reduce((sum, key) => sum + (score.get(key) ?? 0), 0)
    if (total > 0 && (!best || total > best.score)) best = { slug: category.slug, score: total }
  }
  return best?.slug ?? context.fallbackCategory
}

type Format = 'tutorial' | 'discussion' | 'news' | 'story' | 'general'

const FORMAT_CUES: [Format, RegExp][] = [
  ['tutorial', /\b(how to|tutorial|guide|explained|explainer|step[- ]by[- ]step|tips|learn|walk(?:s|ing)? through|beginners?)\b/i],
  ['discussion', /\b(town hall|panel|interview|conversation|debate|discussion|q&a|podcast|roundtable)\b/i],
  ['news', /\b(news|breaking|update|report|headlines?|announce(?:d|ment)?)\b/i],
  ['story', /\b(story|stories|vlog|journey|reflection|memoir|day in)\b/i],
]

export function detectFormat(text: string): Format {
  return FORMAT_CUES.find(([, cue]) => cue.test(text))?.[0] ?? 'general'
}

function targetAudience(format: Format, topic: string[], text: string): string {
  const about = topic.length ? listOf(topic) : 'this subject'
  const who = /\b(beginners?|first[- ]time|newcomers?|new to)\b/i.test(text)
    ? 'Beginners and first-timers'
    : /\b(advanced|experts?|professionals?|in[- ]depth)\b/i.test(text)
      ? 'Experienced viewers'
      : { tutorial: 'Learners', discussion: 'Engaged community members', news: 'Viewers following current events', story: 'Viewers who enjoy personal stories', general: 'Viewers' }[format]
  return `${who} interested in ${about}`.slice(0, 300)
}

/**
 * The text's tone from the `sentiment` library's AFINN score per word (comparative): how warm or
 * grave the words are, not what the video is about.
 */
export function emotionalTone(text: string): string {
  const { comparative } = sentiment.analyze(text)
  if (comparative >= 0.3) return 'Upbeat and enthusiastic'
  if (comparative >= 0.08) return 'Positive and encouraging'
  if (comparative > -0.08) return 'Neutral and informative'
  if (comparative > -0.3) return 'Serious and reflective'
  return 'Urgent and critical'
}

function callToAction(format: Format, topic: string[]): string {
  const about = topic[0] ? ` on ${topic[0]}` : ''
  switch (format) {
    case 'tutorial':
      return `Try these steps yourself, then tell us in the comments how it went${about ? ` with ${topic[0]}` : ''}.`
    case 'discussion':
      return `Add your voice in the comments and share this conversation${about} with someone who should hear it.`
    case 'news':
      return `Share this update${about} and bookmark the video to follow what happens next.`
    case 'story':
      return 'Tell us in the comments what this story means to you, and bookmark it to watch again.'
    default:
      return `Watch to the end, share your thoughts${about} in the comments and bookmark this video for later.`
  }
}

/** Without chapters: the body's sentences that carry the most of its best terms, in their order. */
function overview(body: string, ranked: RankedTerm[]): string {
  const all = sentences(body)
  if (all.length < 2) return ''
  const top = new Map(ranked.slice(0, 12).map((t) => [t.key, t.score]))
  const scored = all.map((s, i) => ({ s, i, score: words(s).reduce((sum, w) => sum + (top.get(stem(w)) ?? 0), 0) }))
  const chosen = scored.sort((a, b) => b.score - a.score).slice(0, 3).sort((a, b) => a.i - b.i)
  return chosen.map((c) => c.s).join('\n')
}
