// The offline evaluation proper: a time split of the generated world, what the site learns from
// the training side, a top-10 list per member and method at the mood of their held-out session,
// and the metrics against what they engaged with in that session.
import type { Weights } from '../../cms/services/recommendations/score'
import { intraListDiversity } from '../../cms/services/recommendations/score'
import { coverage, mean, meanWithCi, ndcgAtK, pairedDifference, precisionAtK, recallAtK } from './recs-metrics'
import type { CatalogItem } from '../../cms/services/recommendations/catalog'
import { candidatesFor, isEngagement, learnedMoods, memberHistory, moodMatchList, popularityList, recommenderList, siteCatalog, topBy, type ListInput } from './recs-model'
import { hiddenUtility, type HistoryEntry, type Member, type Session, type World } from './recs-world'

export const LIST_SIZE = 10

export type Method = { name: string; list: (input: ListInput, member: MemberCase) => CatalogItem[] }

export const METHODS: Method[] = [
  { name: 'recommender', list: recommenderList },
  { name: 'popularity', list: popularityList },
  { name: 'mood match', list: moodMatchList },
]

export type MethodFigures = {
  method: string
  members: number
  precisionAt10: number
  recallAt10: number
  ndcgAt10: number
  ndcgAt10Ci95: number
  intraListDiversity: number
  coverage: number
}

/** The first method minus another, member by member: the mean difference and its 95% interval's half-width. */
export type Comparison = { metric: string; versus: string; mean: number; ci95: number }

export type SegmentFigures = { segment: string; members: number; methods: MethodFigures[]; comparisons: Comparison[] }

export type SplitFacts = {
  trainEvents: number
  heldOutEvents: number
  heldOutShare: number
  members: number
  membersWithHistory: number
  coldStartMembers: number
  relevantPerMember: number
  historyEventsPerMember: number
}

export type MemberCase = { member: Member; session: Session; cold: boolean; input: Omit<ListInput, 'weights' | 'limit'>; relevant: Set<string> }

/** The members to evaluate: each at the mood of their held-out session, with what they engaged with then. */
export function memberCases(world: World): { cases: MemberCase[]; split: SplitFacts } {
  const cutoff = world.params.trainDays
  const train: HistoryEntry[] = []
  const heldOut: HistoryEntry[] = []
  for (const e of world.events) (e.day <= cutoff ? train : heldOut).push(e)
  const catalog = siteCatalog(world, train, cutoff)
  const moods = learnedMoods(train, world.members, world.items, catalog)
  const trainByMember = groupByMember(train, world.members.length)
  const heldOutByMember = groupByMember(heldOut, world.members.length)
  const cases: MemberCase[] = []
  for (const member of world.members) {
    const session = member.sessions.find((s) => s.heldOut)
    const history = trainByMember[member.index]!
    const relevant = new Set(heldOutByMember[member.index]!.filter((e) => isEngagement(e.kind)).map((e) => world.items[e.item]!.key))
    if (!session || relevant.size === 0) continue
    const seen = new Set(history.map((e) => world.items[e.item]!.key))
    cases.push({
      member,
      session,
      cold: history.length === 0,
      input: { catalog: candidatesFor(catalog, seen), history: memberHistory(history, world.items, catalog), mood: session.mood, intensity: session.intensity, moodProfile: moods.get(session.mood) },
      relevant,
    })
  }
  const warm = cases.filter((c) => !c.cold)
  const split: SplitFacts = {
    trainEvents: train.length,
    heldOutEvents: heldOut.length,
    heldOutShare: heldOut.length / world.events.length,
    members: cases.length,
    membersWithHistory: warm.length,
    coldStartMembers: cases.length - warm.length,
    relevantPerMember: cases.reduce((s, c) => s + c.relevant.size, 0) / Math.max(1, cases.length),
    historyEventsPerMember: warm.reduce((s, c) => s + trainByMember[c.member.index]!.length, 0) / Math.max(1, warm.length),
  }
  return { cases, split }
}

function groupByMember(events: readonly HistoryEntry[], members: number): HistoryEntry[][] {
  const out: HistoryEntry[][] = Array.from({ length: members }, () => [])
  for (const e of events) out[e.member]!.push(e)
  return out
}

/**
 * Every method's figures over a set of members, and paired differences (nDCG@10, intra-list
 * diversity) of the first method against each other one: the same members, so the interval is tight.
 */
export function evaluateSegment(segment: string, cases: readonly MemberCase[], methods: readonly Method[], weights: Weights, catalogueSize: number): SegmentFigures {
  const perMethod = methods.map((method) => {
    const precision: number[] = []
    const recall: number[] = []
    const ndcg: number[] = []
    const ild: number[] = []
    const lists: string[][] = []
    for (const c of cases) {
      const list = method.list({ ...c.input, weights, limit: LIST_SIZE }, c)
      const keys = list.map((item) => item.key)
      precision.push(precisionAtK(keys, c.relevant, LIST_SIZE))
      recall.push(recallAtK(keys, c.relevant, LIST_SIZE))
      ndcg.push(ndcgAtK(keys, c.relevant, LIST_SIZE))
      ild.push(intraListDiversity(list))
      lists.push(keys)
    }
    const nd = meanWithCi(ndcg)
    const figures: MethodFigures = {
      method: method.name,
      members: cases.length,
      precisionAt10: mean(precision),
      recallAt10: mean(recall),
      ndcgAt10: nd.mean,
      ndcgAt10Ci95: nd.ci95,
      intraListDiversity: mean(ild),
      coverage: coverage(lists, catalogueSize),
    }
    return { figures, ndcg, ild }
  })
  const [first, ...others] = perMethod
  const comparisons: Comparison[] = others.flatMap((o) => [
    { metric: 'nDCG@10', versus: o.figures.method, ...pairedDifference(first!.ndcg, o.ndcg) },
    { metric: 'intra-list diversity', versus: o.figures.method, ...pairedDifference(first!.ild, o.ild) },
  ])
  return { segment, members: cases.length, methods: perMethod.map((m) => m.figures), comparisons }
}

/** Other weights through the same scoring code: what the evaluation says of them, not a tuned result. */
export type WeightsVariant = { name: string; weights: Partial<Weights> }

export const EXPLORED_WEIGHTS: WeightsVariant[] = [
  { name: 'mood 0.1, popularity 0.4', weights: { moodWeight: 0.1, popularityWeight: 0.4 } },
  { name: 'production weights, no MMR (diversity 0)', weights: { diversityFactor: 0 } },
]

/** The recommender with the mood map alone, as before it learned moods from the community. */
export const WITHOUT_LEARNED_MOODS: Method = { name: 'recommender, mood map only (nothing learned of moods)', list: (input) => recommenderList({ ...input, moodProfile: undefined }) }

export const withWeights = (variant: WeightsVariant): Method => ({
  name: `recommender, ${variant.name}`,
  list: (input) => recommenderList({ ...input, weights: { ...input.weights, ...variant.weights } }),
})

/** A ceiling, not a method: ranks by the member's hidden utility in that session (no noise), which no recommender can see. */
export const hiddenUtilityMethod = (world: World): Method => ({
  name: 'ceiling: hidden utility',
  list: (input, c) => topBy(input.catalog.items, input.limit, (item) => hiddenUtility(world, c.member, c.session, world.items[item.id - 1]!)),
})

export type Evaluation = { split: SplitFacts; segments: SegmentFigures[]; explored: SegmentFigures[] }

/**
 * The whole evaluation: members with history under all methods, cold-start members under the
 * recommender and popularity; then the explored weights and the ceiling, against popularity.
 */
export function evaluate(world: World, weights: Weights, explored: readonly WeightsVariant[] = EXPLORED_WEIGHTS): Evaluation {
  const { cases, split } = memberCases(world)
  const catalogueSize = world.items.filter((item) => item.publishedDay <= world.params.trainDays).length
  const warm = cases.filter((c) => !c.cold)
  const cold = cases.filter((c) => c.cold)
  const [recommender, popularity] = METHODS
  const exploredMethods = [popularity!, WITHOUT_LEARNED_MOODS, ...explored.map(withWeights), hiddenUtilityMethod(world)]
  return {
    split,
    segments: [
      evaluateSegment('members with history', warm, METHODS, weights, catalogueSize),
      evaluateSegment('cold start (no history)', cold, [recommender!, popularity!], weights, catalogueSize),
    ],
    explored: [
      evaluateSegment('members with history', warm, exploredMethods, weights, catalogueSize),
      evaluateSegment('cold start (no history)', cold, exploredMethods, weights, catalogueSize),
    ],
  }
}
