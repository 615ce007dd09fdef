import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { withQueryClient } from '../../lib/query-client'
import { useNow } from '../comments/use-now'
import { LinkedTabsList, Tabs, TabsContent, useLinkedTab } from '../ui/Tabs'
import { feedQueryKey, FEEDS_QUERY_KEY, moodLabel, MOODS_QUERY_KEY, newestFirst, type FeedFilter } from './display'
import { MoodForm, type MoodResult } from './MoodForm'
import { MoodHistory } from './MoodHistory'
import { RecommendationFeed } from './RecommendationFeed'
import type { Recommendation, UserMood } from './types'

export const FOR_YOU_TABS = ['mood', 'feed', 'history'] as const
export type ForYouTab = (typeof FOR_YOU_TABS)[number]
const TAB_LABELS: Record<ForYouTab, string> = { mood: 'New Mood', feed: 'My Feed', history: 'History' }

export interface ForYouProps {
  tab: ForYouTab
  /** The member's current list (every type), or null to fetch it in the browser. */
  initialFeed: Recommendation[] | null
  /** The member's last moods, or null to fetch them in the browser. */
  initialMoods: UserMood[] | null
  renderedAt: string
}

/**
 * /recommendations 'For You' for a member (SPEC §2, §4 Mood flow): tabs New Mood, My Feed and
 * History. The tabs are links too (?tab=…), so they work before and without JavaScript.
 */
function ForYou({ tab: initialTab, initialFeed, initialMoods, renderedAt }: ForYouProps) {
  const queryClient = useQueryClient()
  const now = useNow(renderedAt)
  const [tab, select] = useLinkedTab(FOR_YOU_TABS, initialTab)
  const [filter, setFilter] = useState<FeedFilter>('all')
  const [notice, setNotice] = useState('')
  // An element to focus once the tab it lives in has rendered (the old focus left with its tab).
  const [focusNext, setFocusNext] = useState<string | null>(null)

  // The whole feed and the mood history stay in the page's cache, seeded from the server's HTML.
  useQuery<Recommendation[]>({ queryKey: feedQueryKey('all'), ...(initialFeed ? { initialData: initialFeed } : {}) })
  useQuery<UserMood[]>({ queryKey: MOODS_QUERY_KEY, ...(initialMoods ? { initialData: initialMoods } : {}) })

  useEffect(() => {
    if (!focusNext) return
    // Radix mounts a newly selected tab's content a render later: try again for a few frames.
    let frame = 0
    let tries = 0
    const attempt = () => {
      const target = document.querySelector<HTMLElement>(focusNext)
      if (target || ++tries >= 10) {
        target?.focus()
        setFocusNext(null)
      } else {
        frame = requestAnimationFrame(attempt)
      }
    }
    attempt()
    return () => cancelAnimationFrame(frame)
  }, [focusNext])

  /** A fresh batch: on top of My Feed at once, then the lists reloaded from the server. */
  const showFresh = (recommendations: Recommendation[], note: string) => {
    queryClient.setQueryData<Recommendation[]>(feedQueryKey('all'), (shown) => newestFirst(recommendations, shown ?? []))
    void queryClient.invalidateQueries({ queryKey: FEEDS_QUERY_KEY })
    setFilter('all')
    setNotice(note)
    select('feed')
    setFocusNext('#feed-heading')
  }
  const count = (n: number) => `${n} ${n === 1 ? 'recommendation' : 'recommendations'}`
  const onMood = ({ mood, recommendations }: MoodResult) => {
    void queryClient.invalidateQueries({ queryKey: MOODS_QUERY_KEY })
    showFresh(recommendations ?? [], `${count(recommendations?.length ?? 0)} for your ${moodLabel(mood.mood).toLowerCase()} mood.`)
  }
  const onRegenerated = (recommendations: Recommendation[]) => showFresh(recommendations, `${count(recommendations.length)} generated again.`)
  const pickMood = () => {
    select('mood')
    setFocusNext('input[name="mood"]')
  }

  return (
    <Tabs value={tab} onValueChange={select}>
      <LinkedTabsList tabs={FOR_YOU_TABS} labels={TAB_LABELS} aria-label="For You" className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto" />
      <TabsContent value="mood">
        <MoodForm onRecommended={onMood} />
      </TabsContent>
      <TabsContent value="feed">
        <RecommendationFeed filter={filter} onFilterChange={setFilter} onPickMood={pickMood} notice={notice} />
      </TabsContent>
      <TabsContent value="history">
        <MoodHistory now={now} onRecommended={onRegenerated} onPickMood={pickMood} />
      </TabsContent>
    </Tabs>
  )
}

export default withQueryClient(ForYou)
