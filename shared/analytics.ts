// The admin dashboard's derived figures (SPEC §2 Admin panel → Analytics): pure, shared by the
// island and the tests.
import { PREMIUM_PRICE } from './constants'

/** Revenue as the spec defines it: premium users × $4.99, in dollars (rounded to the cent). */
export function estimatedMonthlyRevenue(premiumUsers: number): number {
  return Math.round(Math.max(0, premiumUsers) * PREMIUM_PRICE * 100) / 100
}

/** Conversion rate: premium users over total users, in percent (0 when there are no users). */
export function conversionRate(premiumUsers: number, totalUsers: number): number {
  if (!(totalUsers > 0)) return 0
  return (Math.max(0, premiumUsers) / totalUsers) * 100
}
