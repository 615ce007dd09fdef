// What the For You page reads from the recommendations API: the shared JSON types, by the names
// the page uses.
export type {
  MoodResponse,
  RecommendationView as Recommendation,
  RecommendedPost,
  UserMoodView as UserMood,
} from '../../../shared/types/recommendations'
