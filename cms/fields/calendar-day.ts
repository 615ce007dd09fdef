import type { FieldHook } from 'payload'

import { calendarDayAtNoonUtc } from '../../shared/dates'

/**
 * A date field that holds a calendar day, not a moment (a date of birth): whoever writes it (the
 * registration, age verification, the seed, /cms's picker, REST) it is stored at noon UTC of its
 * day, so every screen and zone reads the day that was entered.
 */
export const storeCalendarDayAtNoon: FieldHook = ({ value }) => {
  if (value === null || value === undefined || value === '') return value
  return calendarDayAtNoonUtc(value) ?? value
}
