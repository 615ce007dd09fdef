// Reading a video's text: chapter lines, sentences, words and ranked terms (README: terms).
import { eng } from 'stopword'

import { formatSeconds } from '../../../../shared/format'
import { keyMomentSeconds, KEY_MOMENT_DESCRIPTION_MAX } from '../../../../shared/key-moments'
import type { KeyMoment } from '../../../../shared/types/content'

/** "00:00 Intro", "[1:02:03] - Q&A", "(4:15) | Setup": a time first, then the chapter's name. */
const CHAPTER_LINE = /^\s*[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2})[\])]?\s*(?:[-–—:|.)]\s*)?(\S.*)$/

/** Words that say nothing about a video's subject, on top of the stopword library's English list. */
const EXTRA_STOPWORDS = [
  'video', 'videos', 'channel', 'subscribe', 'like', 'likes', 'watch', 'watching', 'today', 'just', 'get', 'got', 'will',
  'can', 'one', 'also', 'really', 'new', 'know', 'make', 'made', 'going', 'want', 'let', 'lets', "let's", 'us', 'our',
  'we', 'you', 'your', "you're", "we're", "it's", 'im', "i'm", 'thing', 'things', 'way', 'part', 'full', 'episode',
  'here', 'there', 'this', 'that', 'these', 'those', 'what', 'which', 'who', 'why', 'how', 'when', 'where', 'more',
  'most', 'some', 'much', 'many', 'very', 'every', 'lot', 'lots', 'see', 'look', 'take', 'talk', 'talked', 'comments',
  'comment', 'link', 'links', 'below', 'description', 'please', 'thanks', 'thank', 'intro', 'introduction', 'outro',
  'minutes', 'minute', 'seconds', 'hour', 'hours', 'does', 'did', 'done', 'its', 'them', 'they', 'their', 'has', 'have',
  'had', 'not', 'don', "don't", 'than', 'then', 'into', 'out', 'off', 'over', 'up', 'down', 'all', 'any', 'each', 'own',
  'come', 'comes', 'coming', 'next', 'first', 'last', 'short', 'quick', 'recorded', 'included', 'sat', 'together', 'everyone',
  'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'else', 'something', 'anything', 'everything', 'ever', 'never', 'still', 'even', 'yet', 'back', 'right', 'well', 'good',
]
const STOPWORDS = new Set([...eng, ...EXTRA_STOPWORDS])

/**
 * Words that are content words in a sentence but say nothing of a video's subject on their own:
 * a tag or keyword is never one of these alone (in a phrase they may stand: 'traffic stop').
 */
const LOW_INFORMATION = new Set([
  'actually', 'across', 'behind', 'during', 'within', 'without', 'among', 'almost', 'already', 'cannot', 'can\'t', 'plus',
  'ask', 'asked', 'asking', 'show', 'shows', 'showed', 'hold', 'became', 'become', 'becomes', 'feel', 'feels', 'keep', 'keeps',
  'kept', 'meet', 'begin', 'begins', 'start', 'starts', 'avoid', 'leave', 'add', 'send', 'known', 'handle', 'took', 'stay',
  'says', 'say', 'said', 'tell', 'tells', 'told', 'walks', 'walk', 'stop', 'stops', 'check', 'checks', 'share', 'shares',
  'matter', 'matters', 'find', 'found', 'give', 'gives', 'put', 'try', 'use', 'used', 'uses', 'need', 'needs', 'help', 'helps',
  'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'time', 'times', 'pro', 'basics', 'real', 'live', 'fast',
  'tracks', 'age', 'answers', 'question', 'questions', 'step', 'steps', 'story', 'stories', 'people', 'person', 'alive',
  'deeply', 'long', 'big', 'small', 'great', 'best', 'better', 'whole', 'several', 'another', 'other', 'others', 'able',
  'fake', 'false', 'true', 'wrong', 'bad', 'hard', 'easy', 'simple', 'general', 'generally', 'available', 'possible', 'safe',
  'plan', 'process', 'way', 'ways', 'kind', 'kinds', 'side', 'sides', 'lot', 'bit', 'place', 'places', 'world', 'life',
])

export const isLowInformation = (word: string) => LOW_INFORMATION.has(word)

/**
 * A word only worth a tag when it names something: not a stopword, not a low-information word,
 * and not an adverb or a bare verb form ('-ly', '-ed', '-ing') unless the site already uses it as a tag.
 */
export const isTopicWord = (word: string) => isContentWord(word) && !LOW_INFORMATION.has(word) && !/(?:ly|ed|ing)$/.test(word)

/** Words after which the next few words are denied, not asserted ('this is not fake news'). */
const NEGATIONS = new Set(['not', 'no', 'never', 'nor', 'neither', 'without', 'cannot', "can't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "won't", "wouldn't", "shouldn't", "haven't", "hasn't", 'instead', 'unlike', 'rather', 'myth', 'myths'])
/** How many words a negation reaches, within its clause. */
const NEGATION_REACH = 4

export const isStopword = (word: string) => STOPWORDS.has(word)

export type Chapter = KeyMoment & { seconds: number }

/**
 * The description's chapter lines, in time order, as key moments. A line whose time does not
 * read (shared/key-moments: m:ss or h:mm:ss), that does not come after the one above, or that
 * starts at or past the video's end is left out. Fewer than two chapters are no chapters.
 */
export function parseChapters(description: string, durationSeconds: number | null): { chapters: Chapter[]; rest: string } {
  const chapters: Chapter[] = []
  const rest: string[] = []
  for (const line of description.split(/\r?\n/)) {
    const match = CHAPTER_LINE.exec(line)
    const seconds = match ? keyMomentSeconds(match[1]!) : null
    const previous = chapters[chapters.length - 1]
    const fits = seconds !== null && (!previous || seconds > previous.seconds) && (durationSeconds === null || seconds < durationSeconds)
    if (match && fits) {
      const name = match[2]!.replace(/\s+/g, ' ').trim().slice(0, KEY_MOMENT_DESCRIPTION_MAX)
      chapters.push({ timestamp: formatSeconds(seconds), description: name, seconds })
    } else if (!match) {
      rest.push(line)
    }
  }
  return chapters.length >= 2 ? { chapters, rest: rest.join('\n') } : { chapters: [], rest: description }
}

/** Links, hashtags' '#' and markup out; one space between words. */
export function plainText(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/[*_`~>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

export function hashtags(text: string): string[] {
  return [...text.matchAll(/(?:^|\s)#([\p{L}\p{N}_]{2,40})/gu)].map((m) => m[1]!.replace(/_/g, ' '))
}

export function sentences(text: string): string[] {
  return plainText(text.replace(/(?:^|\s)#[\p{L}\p{N}_]+/gu, ' '))
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"'“])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
}

/** Lower-case words (letters, digits, inner apostrophes and hyphens). */
export function words(text: string): string[] {
  return (plainText(text).toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/’/g, "'"))
}

/** One key for a word's forms: 'ballots' and 'ballot' count as one term; 'news', 'glass' stay. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is|news)$/.test(word)) return word.slice(0, -1)
  return word
}

export const termKey = (phrase: string) => words(phrase).map(stem).join(' ')

function isContentWord(w: string) {
  return w.length >= 3 && !STOPWORDS.has(w) && !/^\d+$/.test(w)
}

export type RankedTerm = { key: string; text: string; score: number }

export type TextPart = { text: string; weight: number }

/**
 * Terms ranked by weighted count: single words and two-word phrases of content words (no
 * stopword between them), each part of the text counted with its weight (the title counts most).
 * A phrase must occur twice, or once in the title, to be a term; a word covered by a chosen
 * phrase gives way to it unless it also stands on its own often.
 */
export function rankTerms(parts: TextPart[]): RankedTerm[] {
  const scores = new Map<string, { score: number; forms: Map<string, number>; phrase: boolean; inHeavy: boolean; count: number }>()
  const add = (key: string, form: string, weight: number, phrase: boolean, heavy: boolean) => {
    const entry = scores.get(key) ?? { score: 0, forms: new Map(), phrase, inHeavy: false, count: 0 }
    entry.score += weight
    entry.count += 1
    entry.inHeavy ||= heavy
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1)
    scores.set(key, entry)
  }
  const maxWeight = Math.max(...parts.map((p) => p.weight))
  for (const part of parts) {
    const heavy = part.weight === maxWeight
    // Phrases never cross a sentence or a line.
    for (const chunk of part.text.split(/[.!?;:,()\n|–—]+/)) {
      const list = words(chunk)
      // A word a negation reaches says what the video is not about: it counts for nothing.
      let denied = 0
      list.forEach((w, i) => {
        if (NEGATIONS.has(w)) {
          denied = NEGATION_REACH
          return
        }
        if (denied > 0) {
          denied -= 1
          return
        }
        if (!isContentWord(w)) return
        add(stem(w), w, part.weight, false, heavy)
        const next = list[i + 1]
        if (next && isContentWord(next) && !NEGATIONS.has(next)) add(`${stem(w)} ${stem(next)}`, `${w} ${next}`, part.weight * 1.5, true, heavy)
      })
    }
  }
  const phrases = [...scores.entries()].filter(([, e]) => e.phrase && (e.count >= 2 || e.inHeavy))
  for (const [key, e] of phrases) {
    for (const part of key.split(' ')) {
      const single = scores.get(part)
      if (single) single.score -= e.score / 3
    }
  }
  return [...scores.entries()]
    .filter(([, e]) => !e.phrase || e.count >= 2 || e.inHeavy)
    .map(([key, e]) => ({ key, text: mostCommon(e.forms), score: Math.round(e.score * 100) / 100 }))
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
}

function mostCommon(forms: Map<string, number>): string {
  return [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]
}

/** Cuts at the last word that fits `max` characters (no ellipsis), dropping a dangling stopword or mark. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  let cut = clean.slice(0, max + 1)
  const space = cut.lastIndexOf(' ')
  cut = space > max / 3 ? cut.slice(0, space) : clean.slice(0, max)
  for (;;) {
    const trimmed = cut.replace(/[\s,;:–—|&+-]+$/, '')
    const last = trimmed.split(' ').pop() ?? ''
    if (trimmed.includes(' ') && STOPWORDS.has(last.toLowerCase())) cut = trimmed.slice(0, trimmed.length - last.length)
    else return trimmed
  }
}

/** At most `max` characters ending at a word with '…' when anything was cut. */
export function clampWithEllipsis(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  return `${cutAtWord(clean, max - 1).replace(/[.,;:!?]+$/, '')}…`
}

export const titleCase = (phrase: string) => phrase.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
