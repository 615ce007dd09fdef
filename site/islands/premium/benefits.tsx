/** The Premium benefits (SPEC §1, §2 onboarding "Features"); titles are the spec's words. */
export const PREMIUM_BENEFITS = [
  { title: 'Uncut Videos', text: 'Full, unedited versions of every story.' },
  { title: 'Premium Live Streams', text: 'Join exclusive live broadcasts and Q&As.' },
  { title: 'Early Access', text: 'See new videos and articles before anyone else.' },
  { title: 'Ad-Free Experience', text: 'Watch and read without interruptions.' },
  { title: 'Priority Support', text: 'Get answers from the team first.' },
  { title: 'Exclusive Badge', text: 'Show your support with a Premium badge.' },
] as const

export function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-primary" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d="m5 12 5 5L20 7" />
    </svg>
  )
}

/** The six benefits as a checked two-column list (welcome dialog, onboarding "Features" step). */
export function PremiumBenefitList() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {PREMIUM_BENEFITS.map((benefit) => (
        <li key={benefit.title} className="flex gap-3 rounded-lg bg-muted p-3">
          <CheckIcon />
          <div>
            <p className="font-semibold">{benefit.title}</p>
            <p className="text-sm text-muted-foreground">{benefit.text}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}
