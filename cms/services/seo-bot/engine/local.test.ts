import { describe, expect, it } from 'vitest'

import { SEO_BOT_DESCRIPTION_MAX, seoFieldsSchema } from '../../../../shared/seo-bot'
import { generateSeo, seoProvider } from '.'
import { videos } from '../../../seed/fixtures/videos'
import { emotionalTone, generateLocalSeo, seoTitle } from './local'
import { isStopword, isTopicWord, parseChapters, rankTerms } from './text'
import type { SeoContext } from './types'

const context: SeoContext = {
  vocabulary: ['voting', 'early voting', 'elections', 'community', 'public safety', 'town hall', 'faith', 'youth'],
  categories: [
    { slug: 'headlines', terms: ['Headlines', 'voting', 'elections', 'town hall'] },
    { slug: 'commentary', terms: ['Commentary', 'reflection', 'faith', 'joy'] },
    { slug: 'justice', terms: ['Justice', 'courts', 'public defender', 'bail'] },
  ],
  fallbackCategory: 'commentary',
}

const VOTING = {
  title: 'Your Vote, Your Voice: Early Voting Explained in 10 Minutes for First-Time Voters and Everyone Else',
  description: [
    'Confused about early voting, mail ballots or ID rules? This quick explainer walks through how to check your registration, choose how to vote and make a plan.',
    'Rules vary by state, so we show you where to find the official information for yours.',
    '',
    '00:00 Intro',
    '01:20 Checking your voter registration',
    '3:45 Mail ballots and absentee voting',
    '[6:10] - ID rules and what to bring',
    '8:30 Your rights at the polls',
    '',
    '#voting #elections',
  ].join('\n'),
  duration: 'PT10M12S',
}

const TOWN_HALL = {
  title: 'Community Town Hall: Safety, Trust and What Comes Next',
  description:
    'Neighbours, youth leaders, faith leaders and a public defender sat down together for an honest conversation about safety on our blocks. We talked about what makes people feel safe, what does not, and which practical steps residents can take this year. Full audience Q&A included.',
  duration: null,
}

/** Real seeded videos (cms/seed/fixtures/videos.ts), as the bot reads them. */
const seeded = (videoId: string) => {
  const video = videos.find((v) => v.videoId === videoId)!
  return { title: video.title, description: video.description ?? null, duration: video.duration ?? null }
}
const SEEDED = {
  trafficStop: seeded('7cMLggxfvVl'),
  mutualAid: seeded(videos.find((v) => v.title.startsWith('Mutual Aid 101'))!.videoId),
  oversight: seeded(videos.find((v) => v.title.startsWith('Quick Take'))!.videoId),
  juneteenth: seeded(videos.find((v) => v.title.startsWith('How Juneteenth'))!.videoId),
  townHall: seeded('CsBlIZ1NAIR'),
  shorts: seeded('MaoDB9f_Xq1'),
}

describe('the local SEO engine', () => {
  it('keeps the title and description within 60 and 155 characters, ending at a sentence', () => {
    const out = generateLocalSeo(VOTING, context)
    expect(out.seoTitle).toBe('Your Vote, Your Voice')
    // The short opening question gives way to the fuller sentence after it; never a keyword list.
    expect(out.seoDescription).toBe('This quick explainer walks through how to check your registration, choose how to vote and make a plan.')
    const long = generateLocalSeo({ title: 'word '.repeat(40).trim(), description: 'lorem ipsum dolor '.repeat(30), duration: null }, context)
    expect(long.seoTitle).toBeNull()
    expect(long.seoDescription.length).toBeLessThanOrEqual(SEO_BOT_DESCRIPTION_MAX)
    expect(long.seoDescription).toMatch(/[.!?]$/)
  })

  it('proposes a title only when it improves on the video title', () => {
    // Already fits in search results: nothing to propose.
    expect(seoTitle(SEEDED.trafficStop.title)).toBeNull()
    expect(seoTitle('Shorts: Three Things to Check Before You Share')).toBeNull()
    // Too long: its lead, when that names the subject…
    expect(seoTitle('Teaching Hard History: A Conversation With Classroom Teachers and Parents')).toBe('Teaching Hard History')
    // …else its main part; never a cut mid-phrase.
    expect(seoTitle("Live Q&A Replay: Your Questions on Housing and Tenants' Rights")).toBe("Your Questions on Housing and Tenants' Rights")
    expect(seoTitle('An extremely long title without any separator that goes on and on past the limit')).toBeNull()
    // Hashtags stuffed into a title are taken out.
    expect(seoTitle('Know Your Rights at a Traffic Stop #police #rights #shorts')).toBe('Know Your Rights at a Traffic Stop')
  })

  it('writes descriptions that read like a person wrote them: whole sentences, no keyword lists', () => {
    for (const video of Object.values(SEEDED)) {
      const out = generateLocalSeo(video, context)
      expect(out.seoDescription, video.title).toMatch(/[.!?]$/)
      expect(out.seoDescription, video.title).not.toMatch(/…|Covers /)
      expect(out.seoDescription.length, video.title).toBeLessThanOrEqual(SEO_BOT_DESCRIPTION_MAX)
    }
    // The seeded traffic-stop description opens with a 160-character sentence: cut at its clause, closed with a full stop.
    expect(generateLocalSeo(SEEDED.trafficStop, context).seoDescription).toBe(
      'A civil rights attorney walks through what the law generally says about traffic stops, searches and recording the police.',
    )
    // Calls to subscribe and links are not prose.
    const promo = generateLocalSeo({ title: 'Mutual Aid 101: Starting a Network on Your Block', description: `Subscribe for more videos! ${SEEDED.mutualAid.description} Link in bio: https://example.com`, duration: null }, context)
    expect(promo.seoDescription).toBe(generateLocalSeo(SEEDED.mutualAid, context).seoDescription)
    // No prose at all: a sentence from the title.
    expect(generateLocalSeo({ title: 'Harvest Day at the Garden', description: 'https://example.com #garden', duration: null }, context).seoDescription).toBe('Harvest Day at the Garden.')
  })

  it('proposes only tags about what the video is about', () => {
    const stop = generateLocalSeo(SEEDED.trafficStop, { ...context, vocabulary: [...context.vocabulary, 'fake news', 'traffic stops', 'police'] })
    expect(stop.tags).toEqual(expect.arrayContaining(['traffic stops', 'police']))
    for (const video of Object.values(SEEDED)) {
      const out = generateLocalSeo(video, context)
      for (const tag of out.tags) {
        // No stop word, and no low-information word on its own ('during', 'actually', 'became').
        expect(tag.split(' ').some((w) => isStopword(w)), `${video.title}: ${tag}`).toBe(false)
        if (!tag.includes(' ')) expect(isTopicWord(tag) || context.vocabulary.includes(tag), `${video.title}: ${tag}`).toBe(true)
      }
    }
    expect(generateLocalSeo(SEEDED.oversight, context).tags).not.toEqual(expect.arrayContaining(['board actually']))
    expect(generateLocalSeo(SEEDED.oversight, context).tags).toContain('civilian oversight')
    expect(generateLocalSeo(SEEDED.juneteenth, context).tags).not.toContain('became')
  })

  it('never tags what the text says a video is not about', () => {
    const vocabulary = [...context.vocabulary, 'fake news', 'conspiracy']
    const denied = {
      ...SEEDED.trafficStop,
      description: `${SEEDED.trafficStop.description}\nThis is not fake news and not a conspiracy theory: it is what the law says. Never fake news, never conspiracy.`,
    }
    const out = generateLocalSeo(denied, { ...context, vocabulary })
    expect(out.tags).not.toContain('fake news')
    expect(out.tags).not.toContain('conspiracy')
    expect(out.keywords.join(' ')).not.toMatch(/fake|conspiracy/)
    // The same words said plainly are the video's topic.
    const asserted = generateLocalSeo({ title: 'Spotting Fake News Before You Share', description: 'How fake news spreads in group chats, and how to check fake news before you share it.', duration: null }, { ...context, vocabulary })
    expect(asserted.tags).toContain('fake news')
  })

  it('turns chapter lines into key moments and a timestamped summary, in time order', () => {
    const out = generateLocalSeo(VOTING, context)
    expect(out.keyMoments).toEqual([
      { timestamp: '0:00', description: 'Intro' },
      { timestamp: '1:20', description: 'Checking your voter registration' },
      { timestamp: '3:45', description: 'Mail ballots and absentee voting' },
      { timestamp: '6:10', description: 'ID rules and what to bring' },
      { timestamp: '8:30', description: 'Your rights at the polls' },
    ])
    expect(out.timestampedSummary.split('\n')[1]).toBe('1:20 Checking your voter registration')
    // The chapter lines are not part of the description text the engine reads.
    expect(out.seoDescription).not.toMatch(/\d:\d\d/)
  })

  it('drops chapters out of order or past the end, and needs two of them', () => {
    const { chapters } = parseChapters('0:00 Start\n5:00 Middle\n4:00 Back in time\n99:00 Not a time\n12:00 Past the end', 600)
    expect(chapters.map((c) => c.timestamp)).toEqual(['0:00', '5:00'])
    expect(parseChapters('0:00 Only one', null).chapters).toEqual([])
    expect(generateLocalSeo(TOWN_HALL, context).keyMoments).toEqual([])
  })

  it("matches tags to the site's vocabulary, in its spelling, ranked, then its own terms", () => {
    const out = generateLocalSeo(VOTING, context)
    // The hashtags first (in the vocabulary's spelling), then the site's tags the text speaks of.
    expect(out.tags.slice(0, 3)).toEqual(['voting', 'elections', 'early voting'])
    expect(out.tags).not.toContain('Voting')
    expect(new Set(out.tags).size).toBe(out.tags.length)
    const own = generateLocalSeo({ ...VOTING, tags: ['Civic Engagement', 'Voting'] }, context)
    expect(own.tags.slice(0, 4)).toEqual(['Civic Engagement', 'voting', 'elections', 'early voting'])
    const hall = generateLocalSeo(TOWN_HALL, context)
    expect(hall.tags.slice(0, 4)).toEqual(expect.arrayContaining(['town hall', 'community', 'faith', 'youth']))
    expect(hall.keywords.length).toBeGreaterThan(3)
  })

  it('picks the category whose words the text speaks of, else the fallback', () => {
    expect(generateLocalSeo(VOTING, context).category).toBe('headlines')
    expect(generateLocalSeo({ title: 'Knitting a scarf', description: 'Wool and needles.', duration: null }, context).category).toBe('commentary')
  })

  it('reads the tone with the sentiment library', () => {
    expect(emotionalTone('What a wonderful, joyful and amazing celebration! We love it.')).toBe('Upbeat and enthusiastic')
    expect(emotionalTone('The meeting is on Tuesday at the library.')).toBe('Neutral and informative')
    expect(emotionalTone('A terrible, violent and tragic loss. The anger and grief are awful.')).toBe('Urgent and critical')
  })

  it('writes an audience and a call to action that fit the kind of video', () => {
    const out = generateLocalSeo(VOTING, context)
    expect(out.targetAudience).toMatch(/^Beginners and first-timers interested in /)
    expect(out.callToAction).toMatch(/^Try these steps yourself/)
    expect(generateLocalSeo(TOWN_HALL, context).callToAction).toMatch(/^Add your voice in the comments/)
  })

  it('answers in the one output schema for any text', () => {
    for (const input of [VOTING, TOWN_HALL, { title: 'x', description: null, duration: null }, { title: '🎉🎉', description: '\n\n#', duration: 'PT5S' }]) {
      expect(seoFieldsSchema.safeParse(generateLocalSeo(input, context)).success).toBe(true)
    }
  })

  it('refuses an output that breaks the schema, whatever the provider', async () => {
    const liar = { name: 'liar', generate: () => ({ ...generateLocalSeo(VOTING, context), seoTitle: 'x'.repeat(61) }) }
    await expect(generateSeo(liar, VOTING, context)).rejects.toThrow(/seoTitle/)
    expect(seoProvider(undefined).name).toBe('local')
    expect(() => seoProvider('openai')).toThrow(/SEO_PROVIDER/)
  })

  it('ranks a phrase that recurs above its words', () => {
    const ranked = rankTerms([{ text: 'Mail ballots and mail ballot rules. Mail ballots again.', weight: 1 }])
    expect(ranked[0]!.text).toBe('mail ballots')
  })
})
