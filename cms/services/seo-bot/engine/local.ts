// The 'local' SEO engine: runs here, offline, from the video's own text (README: local engine).
import Sentiment from 'sentiment'

import { parseIsoDuration } from '../../../../shared/format'
import { SEO_BOT_DESCRIPTION_MAX, SEO_BOT_KEYWORDS_MAX, SEO_BOT_TAGS_MAX, SEO_BOT_TITLE_MAX, type SeoFields } from '../../../../shared/seo-bot'
import type { SeoContext, SeoInput } from './types'
import { hashtags, isLowInformation, isStopword, isTopicWord, parseChapters, rankTerms, sentences, stem, termKey, words, type RankedTerm } from './text'

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
  const keywords = pickKeywords(ranked.filter((t) => namesTopic(t, new Set(context.vocabulary.map(termKey)))))
  const titleKeys = new Set(rankTerms([{ text: title, weight: 1 }]).map((t) => t.key))
  const tags = pickTags(ranked, [...(input.tags ?? []), ...hashtags(description)], context.vocabulary, titleKeys)
  const topic = keywords.slice(0, 2)
  const format = detectFormat(`${title} ${body} ${chapterText}`)

  return {
    seoTitle: seoTitle(title),
    seoDescription: seoDescription(title, body),
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

/**
 * A search title only when it improves on the video's own: hashtags out, and a title too long for
 * search results brought to its lead or its main part before a separator ('Lead: main part'),
 * 20–60 characters. A title that already fits, or that only a cut mid-phrase would shorten, is
 * not proposed (null): the page then uses the title itself.
 */
export function seoTitle(title: string): string | null {
  const clean = title
    .replace(/(?:^|\s)#[\p{L}\p{N}_]+/gu, ' ')
    .replace(/\s+([,:;!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—|:]+|[\s\-–—|:]+$/g, '')
  const better = clean.length <= SEO_BOT_TITLE_MAX ? clean : titlePart(clean)
  return better && better.length >= 20 && better !== title.trim() ? better : null
}

/** The title's longest part between separators that fits and reads as a title. */
function titlePart(title: string): string | null {
  const parts = title.split(/\s[-–—|]\s|:\s/).map((p) => p.trim())
  const fits = (p: string) => p.length >= 20 && p.length <= SEO_BOT_TITLE_MAX && !isStopword(p.split(' ').pop()!.toLowerCase())
  // The lead names the subject ('Teaching Hard History: A Conversation With…'); else the longest part that fits.
  if (fits(parts[0]!)) return parts[0]!
  return parts.filter(fits).sort((a, b) => b.length - a.length)[0] ?? null
}

/** Sentences a person would put in a search snippet: not links, calls to subscribe, hashtags or shouting. */
const isProse = (sentence: string) =>
  /[.!?]$/.test(sentence) &&
  sentence.length >= 8 &&
  !/https?:|www\.|@|#|\b(subscribe|follow us|patreon|merch|sponsored|affiliate|link in|click)\b/i.test(sentence) &&
  sentence !== sentence.toUpperCase()

/**
 * The description's opening sentences that fit in whole, so it ends at a sentence. When the first
 * is too long, its opening clauses up to a comma or dash (60 characters at least) close with a
 * full stop; with no prose to take, a sentence made from the title. Never a list of keywords.
 */
export function seoDescription(title: string, body: string): string {
  const prose = sentences(body).filter(isProse)
  let text = ''
  for (const sentence of prose) {
    const next = text ? `${text} ${sentence}` : sentence
    if (next.length > SEO_BOT_DESCRIPTION_MAX) break
    text = next
  }
  // A short opening (a question, a greeting) gives way to a fuller sentence just after it that fits.
  if (text && text.length < 60) {
    const fuller = prose.slice(0, 3).filter((p) => p.length > text.length && p.length <= SEO_BOT_DESCRIPTION_MAX).sort((a, b) => b.length - a.length)[0]
    if (fuller) text = fuller
  }
  if (text) return text
  const first = prose[0]
  if (first) {
    // A clause boundary, not a comma inside a list ('repairs, deposits').
    const clauses = [...first.matchAll(/;\s|,\s(?=(?:and|but|so|while|which|who|because)\s)|\s[–—]\s/g)].map((m) => m.index!).filter((at) => at >= 60 && at < SEO_BOT_DESCRIPTION_MAX)
    const cut = clauses.pop()
    if (cut !== undefined) return `${first.slice(0, cut).replace(/\s+(and|or|but|with)$/i, '')}.`
  }
  const fromTitle = title.replace(/\s+/g, ' ').trim().replace(/[\s:|–—-]+$/, '')
  const sentence = /[.!?]$/.test(fromTitle) ? fromTitle : `${fromTitle}.`
  return sentence.length <= SEO_BOT_DESCRIPTION_MAX ? sentence : `${titlePart(fromTitle) ?? fromTitle.slice(0, SEO_BOT_DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}.`
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
/** A term that names something (the rule tags follow, without their count): a site tag, a topic word, or a phrase of words that each say something. */
function namesTopic(t: RankedTerm, known: Set<string>): boolean {
  if (known.has(t.key)) return true
  const forms = t.text.split(' ')
  if (forms.length === 1) return isTopicWord(t.text)
  return !forms.some((w) => isStopword(w) || isLowInformation(w) || /ly$/.test(w))
}

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
 * The video's own tags and hashtags first, then the site's tags the text speaks of, then its best
 * new terms, up to the limit. A tag must name a topic the video is about: a term the text denies
 * ('not fake') was never counted, a stopword or low-information word alone is never a tag, a
 * term must be in the title or said at least twice (a tag the site already uses, once), and a
 * new term sharing a word with a tag already chosen ('montgomery bus' after 'bus boycott') adds nothing.
 */
function pickTags(ranked: RankedTerm[], ownTags: string[], vocabulary: string[], titleKeys: Set<string>): string[] {
  const known = new Set(vocabulary.map(termKey))
  const topical = (t: RankedTerm) => {
    if (known.has(t.key)) return titleKeys.has(t.key) || t.score >= 1.5
    // A new phrase must be of words that each say something ('board actually' is not).
    return namesTopic(t, known) && (titleKeys.has(t.key) || t.score >= 2)
  }
  const score = new Map(ranked.filter(topical).map((t) => [t.key, t.score]))
  const fromVocabulary = vocabulary
    .map((tag) => ({ tag, key: termKey(tag) }))
    .filter((v) => v.key && score.has(v.key))
    .sort((a, b) => score.get(b.key)! - score.get(a.key)! || a.tag.localeCompare(b.tag))
    .map((v) => v.tag)
  const byKey = new Map(vocabulary.map((tag) => [termKey(tag), tag]))
  const own = ownTags.map((t) => byKey.get(termKey(t)) ?? t.trim()).filter((t) => termKey(t).split(' ').some((w) => !isStopword(w)))
  const fresh = ranked.filter((t) => score.has(t.key) && !byKey.has(t.key)).map((t) => t.text)
  const seen = new Set<string>()
  const tags: string[] = []
  const usedWords = new Set<string>()
  const take = (tag: string, newTerm: boolean) => {
    const key = termKey(tag)
    if (!key || seen.has(key) || tags.length >= SEO_BOT_TAGS_MAX) return
    if (newTerm && key.split(' ').some((w) => usedWords.has(w))) return
    seen.add(key)
    tags.push(tag)
    for (const w of key.split(' ')) usedWords.add(w)
  }
  for (const tag of own) take(tag, false)
  for (const tag of fromVocabulary) take(tag, false)
  for (const tag of fresh) take(tag, true)
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
