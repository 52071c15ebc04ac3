/**
 * Records of the promotions context (A 4.7 "Mobile experiences and promotions") whose stored shape
 * is their wire shape (see ../record.ts): in-app promotional placements, their creatives, and what
 * athletes did with them.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/** Why an experience exists (the admin form's "purpose"; the list filters by it). */
export const ExperiencePurpose = OneOf("EVENT_PROMOTION", "CHALLENGE_PROMOTION", "CLUB_PROMOTION", "ANNOUNCEMENT", "FEATURE_HIGHLIGHT", "PARTNER_OFFER")
export type ExperiencePurpose = typeof ExperiencePurpose.Type
/** Where in the app it is shown (the athlete's read asks for one placement). */
export const ExperiencePlacement = OneOf("HOME_BANNER", "HOME_CAROUSEL", "EVENTS_TAB", "CHALLENGES_TAB", "CLUBS_TAB", "ACTIVITY_SUMMARY", "APP_OPEN_INTERSTITIAL")
export type ExperiencePlacement = typeof ExperiencePlacement.Type
/** How it is drawn. */
export const ExperienceFormat = OneOf("BANNER", "CARD", "FULL_SCREEN", "STORY")
/** DRAFT → PUBLISHED ⇄ PAUSED; any → ARCHIVED (DELETE archives, soft). */
export const ExperienceStatus = OneOf("DRAFT", "PUBLISHED", "PAUSED", "ARCHIVED")
export type ExperienceStatus = typeof ExperienceStatus.Type
/**
 * The routes inside the app an experience may open: one entity (EVENT, CHALLENGE, CLUB: the
 * `destinationId` names a real record), an external URL (`destinationId` is the https URL), a
 * list screen, or nothing.
 */
export const DestinationRoute = OneOf("EVENT", "CHALLENGE", "CLUB", "URL", "EVENTS_LIST", "CHALLENGES_LIST", "CLUBS_LIST", "NONE")
export type DestinationRoute = typeof DestinationRoute.Type

const UserIds = Schema.Array(UuidStr).pipe(Schema.maxItems(1000), Schema.annotations(says("must contain no more than 1000 elements")))

/**
 * Who may see an experience; every rule set must hold (empty lists and nulls mean no rule):
 * accounts at most `newUsersWithinDays` old, at least `minAccountAgeDays` old, only the listed
 * users, never the excluded ones.
 */
export const ExperienceAudience = Schema.Struct({
  newUsersWithinDays: Schema.NullOr(IntBetween(1, 3650)),
  minAccountAgeDays: Schema.NullOr(IntBetween(1, 3650)),
  includeUserIds: UserIds,
  excludeUserIds: UserIds
}).annotations({ identifier: "ExperienceAudience" })
export interface ExperienceAudience extends Schema.Schema.Type<typeof ExperienceAudience> {}

export const MobileExperience = Schema.Struct({
  id: UuidStr,
  name: StrLength(1, 120),
  purpose: ExperiencePurpose,
  placement: ExperiencePlacement,
  format: ExperienceFormat,
  title: StrLength(1, 120),
  body: Schema.NullOr(StrLength(1, 500)),
  ctaLabel: Schema.NullOr(StrLength(1, 40)),
  /** The uploaded creative shown (POST /v2/admin/mobile-experiences/media); null for text only. */
  creativeId: Schema.NullOr(UuidStr),
  destinationRoute: DestinationRoute,
  destinationId: Schema.NullOr(StrLength(1, 2048)),
  /** The organizer whose event the experience promotes (set from an EVENT destination). */
  organizerId: Schema.NullOr(UuidStr),
  audience: ExperienceAudience,
  /** Higher first when several are eligible for one placement. */
  priority: IntBetween(0, 1000),
  /** Impressions one session may count before the experience stops being served in it. */
  frequencyCapPerSession: IntBetween(1, 20),
  startsAt: Schema.NullOr(Instant),
  endsAt: Schema.NullOr(Instant),
  status: ExperienceStatus,
  publishedAt: Schema.NullOr(Instant),
  archivedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "MobileExperience" })
export interface MobileExperience extends Schema.Schema.Type<typeof MobileExperience> {}

/** An uploaded creative: one image (PNG, JPG, WEBP, 5 MB) or MP4 video (50 MB) in the blob store. */
export const ExperienceCreative = Schema.Struct({
  id: UuidStr,
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  createdBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "ExperienceCreative" })
export interface ExperienceCreative extends Schema.Schema.Type<typeof ExperienceCreative> {}

/** An experience's numbers over a period. */
export const ExperienceAnalytics = Schema.Struct({
  experienceId: UuidStr,
  from: Schema.NullOr(Instant),
  to: Schema.NullOr(Instant),
  impressions: Schema.Int,
  clicks: Schema.Int,
  /** Distinct athletes who saw it. */
  uniqueViewers: Schema.Int,
  /** Sessions in which it was seen. */
  sessions: Schema.Int,
  /** clicks / impressions in percent, one decimal. */
  clickThroughRate: Schema.Number,
  byDay: Schema.Array(Schema.Struct({ day: Schema.String, impressions: Schema.Int, clicks: Schema.Int }))
}).annotations({ identifier: "ExperienceAnalytics" })
export interface ExperienceAnalytics extends Schema.Schema.Type<typeof ExperienceAnalytics> {}
