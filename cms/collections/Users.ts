import type { CollectionConfig, Field } from 'payload'

import { BADGE_CODES, CMS_DAY_FORMAT } from '../../shared/constants'
import { adminOrSelf, adminOrSelfField, isAdmin, isAdminField } from '../access'
import { requestUser, userIsAdmin } from '../access/roles'
import { assignMemberNumber, clearGivenMemberNumber } from '../services/auth/member-number'
import { clearThrottleOnNewPassword, guardPasswordReset, refusePayloadLogin } from '../services/auth/password-reset'
import { storeCalendarDayAtNoon } from '../fields/calendar-day'
import { confirmAdminChange, confirmAdminChangeField } from '../hooks/confirm-admin-change'
import { complimentaryNeedsEndDate, keepPremiumBadge } from '../services/premium/user-fields'
import { keepModeratorBadge } from '../services/admin-users/moderator-badge'
import { keepComputedBadges } from '../services/admin-users/computed-badges'
import { serializeUserWrites } from '../services/auth/user-row'

const secureCookies =
  process.env.COOKIE_SECURE !== undefined
    ? process.env.COOKIE_SECURE === 'true'
    : process.env.NODE_ENV === 'production'

/** Written by the server only (registration, verification, payments, points): never by a member. */
const adminWritten = { create: isAdminField, update: isAdminField }

/** Kept by the site itself (the points ledger, payments): shown in /cms, not typed there. */
const keptBySite = { readOnly: true }

const privateField = { read: adminOrSelfField, ...adminWritten }

const gamificationFields: Field[] = [
  { name: 'points', type: 'number', defaultValue: 0, min: 0, access: adminWritten, admin: keptBySite },
  { name: 'level', type: 'number', defaultValue: 1, min: 1, access: adminWritten, admin: keptBySite },
  { name: 'totalPointsEarned', type: 'number', defaultValue: 0, min: 0, access: adminWritten, admin: keptBySite },
  { name: 'streak', type: 'number', defaultValue: 0, min: 0, access: adminWritten, admin: keptBySite },
  { name: 'lastActivityAt', type: 'date', access: adminWritten, admin: keptBySite },
  // The browser's zone (PUT /api/user/time-zone). Points days are the site's for everyone, so a
  // change of zone cannot open a second day (cms/services/points/README.md, "points day").
  {
    name: 'timeZone',
    type: 'text',
    maxLength: 64,
    access: adminWritten,
    admin: { ...keptBySite, description: "The member's browser time zone. Daily points and streaks count in the site's time zone." },
  },
  { name: 'lastStreakDay', type: 'text', maxLength: 10, access: adminWritten, admin: { ...keptBySite, description: "The last day (YYYY-MM-DD, the site's time zone) the streak counted." } },
  { name: 'streakFreezes', type: 'number', defaultValue: 0, min: 0, access: adminWritten, admin: { ...keptBySite, description: 'Earned at each 7-day streak (2 at most); one covers a missed day.' } },
]

export const Users: CollectionConfig = {
  slug: 'users',
  admin: {
    useAsTitle: 'username',
    defaultColumns: ['username', 'memberNumber', 'email', 'isAdmin', 'isPremium', 'createdAt'],
    listSearchableFields: ['username', 'email'],
    group: 'Community',
  },
  auth: {
    loginWithUsername: { allowEmailLogin: false, requireEmail: false, requireUsername: true },
    // Payload's account lock is unreachable: its login operation is refused (refusePayloadLogin) and
    // both sign-in doors use signIn (cms/services/auth/login.ts), whose backoff is per account and
    // address, so strangers cannot lock the owner out. A fixed value keeps the lock's columns
    // (login_attempts, lock_until) in the schema; LOGIN_MAX_ATTEMPTS now tunes the backoff.
    maxLoginAttempts: 5,
    lockTime: 15 * 60 * 1000,
    tokenExpiration: 60 * 60 * 24 * 7,
    useSessions: true,
    cookies: { sameSite: 'Lax', secure: secureCookies },
  },
  access: {
    // Only admins enter /cms; members use the site's own /api endpoints.
    admin: ({ req }) => userIsAdmin(requestUser(req)),
    // Accounts are opened through POST /api/auth/register, which validates age and numbers members.
    create: isAdmin,
    read: adminOrSelf,
    // Members change their profile through PUT /api/profile and POST /api/profile/picture, which
    // validate it; Payload REST would skip the site's username, password and URL rules.
    update: isAdmin,
    delete: isAdmin,
    unlock: isAdmin,
  },
  hooks: {
    beforeOperation: [refusePayloadLogin, guardPasswordReset, serializeUserWrites],
    beforeChange: [confirmAdminChange, clearGivenMemberNumber, clearThrottleOnNewPassword, keepPremiumBadge, keepModeratorBadge, keepComputedBadges],
    afterChange: [assignMemberNumber],
  },
  fields: [
    {
      // Payload's own email field, shown: with sign-in by username its edit form hides the email.
      // Merged with Payload's (lower-cased, validated, unique); optional, as at registration.
      name: 'email',
      type: 'email',
      admin: {
        position: 'sidebar',
        components: { Field: '@payloadcms/ui#EmailField' },
        description: 'Optional; given at registration. Members sign in with their username.',
      },
    },
    {
      name: 'dateOfBirth',
      type: 'date',
      access: privateField,
      // A calendar day: stored at noon UTC so it reads the same day on every clock (cms/fields/calendar-day.ts).
      hooks: { beforeChange: [storeCalendarDayAtNoon] },
      admin: { date: { pickerAppearance: 'dayOnly', displayFormat: CMS_DAY_FORMAT }, description: 'Members must be 13 or older.' },
    },
    { name: 'isVerified', type: 'checkbox', defaultValue: false, access: adminWritten, admin: { description: 'The member confirmed their date of birth (age verification).' } },
    {
      type: 'collapsible',
      label: 'Roles',
      fields: [
        { name: 'isModerator', type: 'checkbox', defaultValue: false, access: adminWritten, admin: { description: 'May delete any comment; no other powers.' } },
        { name: 'isAdmin', type: 'checkbox', defaultValue: false, access: adminWritten, saveToJWT: true, admin: { description: 'Full control of the site and of /cms.' } },
        confirmAdminChangeField,
      ],
    },
    {
      name: 'memberNumber',
      type: 'number',
      unique: true,
      index: true,
      access: adminWritten,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'badges',
      type: 'select',
      hasMany: true,
      options: BADGE_CODES.map((code) => ({ label: code, value: code })),
      access: adminWritten,
    },
    {
      type: 'collapsible',
      label: 'Premium and payment',
      admin: {
        description:
          'A PayPal subscription keeps these up to date by itself. To give complimentary Premium, tick Premium, choose Complimentary and set Premium until.',
      },
      fields: [
        {
          name: 'isPremium',
          type: 'checkbox',
          defaultValue: false,
          access: adminWritten,
          admin: { description: 'Unlocks premium and uncut videos, live streams and early access, with the premium badge, until Premium until.' },
        },
        {
          name: 'premiumSource',
          type: 'select',
          options: [
            { label: 'PayPal subscription', value: 'paypal' },
            { label: 'Complimentary (given by an admin)', value: 'complimentary' },
          ],
          access: adminWritten,
          admin: { description: 'Where Premium comes from. PayPal is set by the site when a subscription is confirmed; choose Complimentary to give it yourself.' },
        },
        {
          name: 'premiumExpiresAt',
          type: 'date',
          label: 'Premium until',
          access: adminWritten,
          validate: complimentaryNeedsEndDate,
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: 'Premium ends after this moment (checked at every visit). For PayPal: the next billing date plus a short grace; required for complimentary Premium.',
          },
        },
        {
          name: 'premiumRenews',
          type: 'checkbox',
          defaultValue: false,
          access: adminWritten,
          admin: { ...keptBySite, description: 'The PayPal subscription will charge again; off once the member cancelled it or PayPal stopped it.' },
        },
        { name: 'paypalSubscriptionId', type: 'text', unique: true, access: privateField, admin: { ...keptBySite, description: "The member's PayPal subscription (I-…); one account per subscription." } },
        { name: 'paypalSubscriptionStatus', type: 'text', access: privateField, admin: { ...keptBySite, description: "The subscription's status at PayPal when last checked (ACTIVE, CANCELLED, SUSPENDED…)." } },
        { name: 'paypalCustomerId', type: 'text', access: privateField, admin: { ...keptBySite, description: "The payer's PayPal account id." } },
      ],
    },
    { type: 'collapsible', label: 'Points and levels (kept by the site)', fields: gamificationFields },
    {
      name: 'profilePicture',
      type: 'upload',
      relationTo: 'avatars',
      admin: { description: 'Set by the member on their profile page; kept under Member pictures, apart from your Media.' },
    },
    { name: 'bio', type: 'textarea', maxLength: 500 },
    { name: 'location', type: 'text', maxLength: 100 },
    { name: 'website', type: 'text', maxLength: 500 },
  ],
  timestamps: true,
}
