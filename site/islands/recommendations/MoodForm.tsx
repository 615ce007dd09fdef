import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'

import { MOOD, MOODS, type Mood } from '../../../shared/constants'
import { ERROR, MOOD_FAILED, MOOD_REQUIRED, MOOD_REQUIRED_DESCRIPTION } from '../../../shared/messages'
import type { MoodInput } from '../../../shared/schemas/engagement'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { cx } from '../ui/styles'
import { formatIntensity, intensityWord, moodLabel } from './display'
import type { MoodResponse } from './types'

/** A line under each mood, so the ten big buttons read as feelings, not just words. */
const MOOD_HINTS: Record<Mood, string> = {
  inspired: 'Ready to be moved',
  reflective: 'In a thinking mood',
  angry: 'Fired up about injustice',
  hopeful: 'Looking to better days',
  sad: 'Feeling low',
  energized: 'Ready to act',
  curious: 'Want to learn something',
  frustrated: 'Things feel stuck',
  peaceful: 'Calm and centred',
  determined: 'Focused on the goal',
}

export type MoodResult = MoodResponse

/** 'New Mood' (SPEC §2, §4 Mood flow, §5 Mood): pick a mood, set its intensity, add context, submit. */
export function MoodForm({ onRecommended }: { onRecommended: (result: MoodResult) => void }) {
  const id = useId()
  const [mood, setMood] = useState<Mood | null>(null)
  const [intensity, setIntensity] = useState<number>(MOOD.intensityDefault)
  const [context, setContext] = useState('')

  const submitMood = useMutation({
    mutationFn: (input: MoodInput) => apiJson<MoodResult>('POST', '/api/user/mood', input),
    onSuccess: (result) => {
      onRecommended(result)
      setMood(null)
      setIntensity(MOOD.intensityDefault)
      setContext('')
    },
    onError: () => toast({ title: ERROR, description: MOOD_FAILED, variant: 'destructive' }),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submitMood.isPending) return
    if (!mood) {
      toast({ title: MOOD_REQUIRED, description: MOOD_REQUIRED_DESCRIPTION, variant: 'destructive' })
      document.getElementById(`${id}-mood-${MOODS[0]}`)?.focus()
      return
    }
    const trimmed = context.trim()
    submitMood.mutate({ mood, intensity, ...(trimmed ? { context: trimmed } : {}) })
  }

  const word = intensityWord(intensity)
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-heading`} className="space-y-8">
      <h2 id={`${id}-heading`} className="sr-only">
        New Mood
      </h2>
      <fieldset>
        <legend className="text-lg font-bold">How are you feeling right now?</legend>
        <p className="mt-1 text-sm text-muted-foreground">Pick one and we'll find videos and posts that fit.</p>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5">
          {MOODS.map((m) => {
            const checked = mood === m
            return (
              <label
                key={m}
                className={cx(
                  'relative flex min-h-20 cursor-pointer flex-col justify-center rounded-xl border-2 px-3 py-3 transition-colors',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:outline-solid',
                  checked ? 'border-primary bg-primary/10 dark:bg-primary/15' : 'border-border bg-card hover:border-input',
                )}
              >
                <input
                  type="radio"
                  id={`${id}-mood-${m}`}
                  name="mood"
                  value={m}
                  checked={checked}
                  onChange={() => setMood(m)}
                  aria-labelledby={`${id}-mood-${m}-name`}
                  aria-describedby={`${id}-mood-${m}-hint`}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                <span className="flex items-center justify-between gap-2">
                  <span id={`${id}-mood-${m}-name`} className="text-base font-bold">
                    {moodLabel(m)}
                  </span>
                  {/* The choice shows by a tick as well as by colour. */}
                  <svg aria-hidden="true" viewBox="0 0 24 24" className={cx('h-5 w-5 shrink-0 text-primary', !checked && 'invisible')} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  </svg>
                </span>
                <span id={`${id}-mood-${m}-hint`} className="mt-0.5 text-xs leading-snug text-muted-foreground">
                  {MOOD_HINTS[m]}
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>

      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={`${id}-intensity`} className="text-sm font-semibold">
              Intensity
            </label>
            <output htmlFor={`${id}-intensity`} id={`${id}-intensity-value`} className="text-sm font-semibold tabular-nums" aria-live="off">
              {formatIntensity(intensity)} <span className="font-normal text-muted-foreground">· {word}</span>
            </output>
          </div>
          <input
            id={`${id}-intensity`}
            type="range"
            name="intensity"
            min={MOOD.intensityMin}
            max={MOOD.intensityMax}
            step={MOOD.intensityStep}
            value={intensity}
            aria-valuetext={`${formatIntensity(intensity)}, ${word.toLowerCase()}`}
            onChange={(e) => setIntensity(Math.round(Number(e.target.value) * 10) / 10)}
            className="mt-3 block h-2 w-full cursor-pointer accent-primary"
          />
          <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted-foreground">
            <span>{formatIntensity(MOOD.intensityMin)} · Mild</span>
            <span>{formatIntensity(MOOD.intensityMax)} · Intense</span>
          </div>
        </div>

        <div>
          <label htmlFor={`${id}-context`} className="block text-sm font-semibold">
            What's on your mind? <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <textarea
            id={`${id}-context`}
            name="context"
            rows={3}
            maxLength={MOOD.contextMax}
            value={context}
            onChange={(e) => setContext(e.target.value.slice(0, MOOD.contextMax))}
            aria-describedby={`${id}-context-count`}
            placeholder="A few words about your day, if you like..."
            className="mt-1.5 block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground placeholder:text-muted-foreground"
          />
          <p id={`${id}-context-count`} className="mt-1 text-right text-xs text-muted-foreground tabular-nums">
            {context.length}/{MOOD.contextMax}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" aria-disabled={submitMood.isPending || undefined}>
          {submitMood.isPending ? <Spinner /> : null}
          {submitMood.isPending ? 'Finding recommendations...' : 'Get Recommendations'}
        </Button>
        {mood ? (
          <p className="text-sm text-muted-foreground">
            Feeling <span className="font-semibold text-foreground">{moodLabel(mood).toLowerCase()}</span>, {word.toLowerCase()}.
          </p>
        ) : null}
      </div>
    </form>
  )
}
