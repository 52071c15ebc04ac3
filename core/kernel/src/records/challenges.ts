/** Records of the challenges context whose stored shape is their wire shape (see ../record.ts). */
import { ParseResult, Schema } from "effect"
import { Instant } from "../record.js"
import { says } from "../validation.js"
import { Bool, IntBetween, OneOf, StrLength, UuidStr } from "../validation.js"

/**
 * The challenge tag taxonomy (limits: "14 canonical tags"): the only values `PATCH
 * /v2/challenges/{id}/tags` accepts and `GET /v2/challenges/tags/taxonomy` lists. The documents give
 * the count, not the names; these fourteen cover the sports the platform records plus the
 * audiences and formats challenges are filtered by.
 */
export const ChallengeTagTaxonomy = [
  { slug: "running", label: "Running" },
  { slug: "walking", label: "Walking" },
  { slug: "cycling", label: "Cycling" },
  { slug: "swimming", label: "Swimming" },
  { slug: "hiking", label: "Hiking" },
  { slug: "trail", label: "Trail" },
  { slug: "triathlon", label: "Triathlon" },
  { slug: "yoga", label: "Yoga" },
  { slug: "strength", label: "Strength" },
  { slug: "beginner", label: "Beginner friendly" },
  { slug: "endurance", label: "Endurance" },
  { slug: "charity", label: "Charity" },
  { slug: "corporate", label: "Corporate" },
  { slug: "virtual", label: "Virtual" }
] as const
export const ChallengeTagSlugs = ChallengeTagTaxonomy.map((t) => t.slug) as unknown as readonly [
  (typeof ChallengeTagTaxonomy)[number]["slug"],
  ...Array<(typeof ChallengeTagTaxonomy)[number]["slug"]>
]
export const ChallengeTag = OneOf(...ChallengeTagSlugs)
export type ChallengeTag = typeof ChallengeTag.Type

/** Who creates challenges (C "Badges and challenges"): organizers, clubs, sponsoring brands and the platform. */
export const ChallengeCreatorType = OneOf("organizer", "club", "brand", "admin")
export type ChallengeCreatorType = typeof ChallengeCreatorType.Type

/**
 * The life cycle (states.tsv "Challenge"): a creator drafts; an admin's review approves (ACTIVE) or
 * rejects (REJECTED, approvable after changes); the creator's toggle pauses and resumes an active
 * one; the end date or an admin's force-close closes it and an admin may reopen it; the creator or
 * an admin cancels it before it closes.
 */
export const ChallengeStatus = OneOf("DRAFT", "REJECTED", "ACTIVE", "PAUSED", "CLOSED", "CANCELLED")
export type ChallengeStatus = typeof ChallengeStatus.Type

export const ChallengeActivityType = OneOf("RUN", "WALK", "RIDE", "SWIM", "HIKE", "MULTI_SPORT")
/** What the goal counts: metres, seconds, activities or metres climbed. */
export const ChallengeGoalType = OneOf("DISTANCE", "DURATION", "COUNT", "ELEVATION")

/** An IANA time zone the runtime knows (`Asia/Kolkata`). */
export const TimeZone = Schema.String.pipe(
  Schema.filter((s) => {
    if (s.length < 1 || s.length > 64) return false
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: s })
      return true
    } catch {
      return false
    }
  }),
  Schema.annotations({ ...says("must be a valid IANA time zone"), jsonSchema: { type: "string", example: "Asia/Kolkata" } })
)

/** A URL-safe identifier: lower-case letters, digits and single dashes. */
export const Slug = Schema.String.pipe(
  Schema.filter((s) => s.length >= 3 && s.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)),
  Schema.annotations({ ...says("must be 3 to 80 lower-case letters, digits and dashes"), jsonSchema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" } })
)

/** An absolute https URL. */
export const HttpsLink = Schema.String.pipe(
  Schema.filter((s) => s.length <= 2048 && /^https:\/\/[^\s/?#]+\.[^\s/?#]+(\/[^\s]*)?$/.test(s)),
  Schema.annotations({ ...says("must be an https URL"), jsonSchema: { type: "string", format: "uri" } })
)

/** An instant as a request gives it: ISO-8601 text with a zone (class-validator `IsISO8601` wording). */
export const InstantInput = Schema.transformOrFail(Schema.String, Instant, {
  strict: true,
  decode: (s, _, ast) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))
      ? ParseResult.succeed(new Date(s))
      : ParseResult.fail(new ParseResult.Type(ast, s, "must be a valid ISO 8601 date string")),
  encode: (d) => ParseResult.succeed(d.toISOString())
}).annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })

/** A challenge (C "Challenges"): what athletes join, with its goal, window, cap and status. */
export const Challenge = Schema.Struct({
  id: UuidStr,
  slug: Slug,
  creatorType: ChallengeCreatorType,
  creatorId: Schema.String,
  title: StrLength(3, 120),
  description: StrLength(0, 5000),
  activityType: ChallengeActivityType,
  goalType: ChallengeGoalType,
  goalValue: IntBetween(1, 100_000_000),
  startsAt: Instant,
  endsAt: Instant,
  /** Where the challenge is run: its calendar and local dates use this zone. */
  timeZone: TimeZone,
  /** Most athletes who may be joined at once; null means no cap. */
  maxParticipants: Schema.NullOr(IntBetween(1, 1_000_000)),
  participantCount: Schema.Number,
  /** What joining costs in integer minor units: 0 is free, else at least 100 (the gateway's minimum of 1.00). */
  entryFee: IntBetween(0, 10_000_000),
  currency: OneOf("INR"),
  /** A VERIFIED charity the entry fees go to as donations (the paid athletes get an 80G receipt); null when none. */
  charityId: Schema.NullOr(UuidStr),
  tags: Schema.Array(ChallengeTag),
  coverImageUrl: Schema.NullOr(HttpsLink),
  isFeatured: Bool,
  status: ChallengeStatus,
  /** The reviewer's note on a rejection, or the reason of a cancel or force-close. */
  statusReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Challenge" })
export interface Challenge extends Schema.Schema.Type<typeof Challenge> {}

/**
 * An athlete's place in a challenge; one row per athlete and challenge, rejoined in place after a
 * leave. A paid join waits in PENDING_PAYMENT (holding a place until `holdExpiresAt`) until the
 * gateway's payment is verified or its webhook arrives.
 */
export const ChallengeParticipation = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  userId: Schema.String,
  status: OneOf("PENDING_PAYMENT", "JOINED", "LEFT", "REVOKED"),
  joinedAt: Instant,
  leftAt: Schema.NullOr(Instant),
  revokedAt: Schema.NullOr(Instant),
  revokedReason: Schema.NullOr(Schema.String),
  /** The athlete shows on public leaderboards by name; when false they keep their place but are listed anonymously. */
  leaderboardVisible: Bool,
  /** The entry fee this participation pays or paid (minor units; 0 for a free join). */
  entryFee: Schema.Number,
  currency: Schema.String,
  /** The gateway order of a paid join, the captured payment and when it was captured. */
  paymentOrderId: Schema.NullOr(Schema.String),
  paymentId: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Instant),
  /** Until when a PENDING_PAYMENT join holds its place against the cap. */
  holdExpiresAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ChallengeParticipation" })
export interface ChallengeParticipation extends Schema.Schema.Type<typeof ChallengeParticipation> {}

/** A challenge's set-up saved for reuse by its creator: everything but its dates, kept as a duration. */
export const ChallengeTemplate = Schema.Struct({
  id: UuidStr,
  name: StrLength(3, 120),
  creatorType: ChallengeCreatorType,
  creatorId: Schema.String,
  sourceChallengeId: Schema.NullOr(Schema.String),
  title: StrLength(3, 120),
  description: StrLength(0, 5000),
  activityType: ChallengeActivityType,
  goalType: ChallengeGoalType,
  goalValue: IntBetween(1, 100_000_000),
  durationDays: IntBetween(1, 3660),
  timeZone: TimeZone,
  maxParticipants: Schema.NullOr(IntBetween(1, 1_000_000)),
  tags: Schema.Array(ChallengeTag),
  coverImageUrl: Schema.NullOr(HttpsLink),
  savedBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "ChallengeTemplate" })
export interface ChallengeTemplate extends Schema.Schema.Type<typeof ChallengeTemplate> {}

/** One sport's share of an athlete's progress (multi-sport challenges list every sport practised). */
export const SportProgress = Schema.Struct({
  sport: Schema.String,
  value: Schema.Number,
  activityCount: Schema.Number
}).annotations({ identifier: "ChallengeSportProgress" })
export interface SportProgress extends Schema.Schema.Type<typeof SportProgress> {}

/**
 * An athlete's progress in a challenge, derived from their eligible activities inside the window
 * (metres, seconds, activities or metres climbed, as the goal counts), and their place among the
 * joined athletes: ties share a rank (1-2-2-4).
 */
export const ChallengeProgress = Schema.Struct({
  rank: Schema.Number,
  /** Null on a public leaderboard for an athlete who hid themselves (never in their own entry). */
  userId: Schema.NullOr(Schema.String),
  participationId: Schema.NullOr(Schema.String),
  value: Schema.Number,
  /** value / goalValue as a percentage, at most 100. */
  percent: Schema.Number,
  completed: Schema.Boolean,
  /** When the activity that reached the goal ended. */
  completedAt: Schema.NullOr(Instant),
  activityCount: Schema.Number,
  lastActivityAt: Schema.NullOr(Instant),
  bySport: Schema.Array(SportProgress)
}).annotations({ identifier: "ChallengeProgress" })
export interface ChallengeProgress extends Schema.Schema.Type<typeof ChallengeProgress> {}

/** An admin's verdict on an activity counted toward challenges; INVALID activities count for none. */
export const ActivityValidationStatus = OneOf("PENDING", "VALID", "INVALID")
export type ActivityValidationStatus = typeof ActivityValidationStatus.Type

export const ActivityValidation = Schema.Struct({
  activityId: UuidStr,
  status: ActivityValidationStatus,
  note: Schema.NullOr(StrLength(1, 1000)),
  validatedBy: Schema.NullOr(Schema.String),
  validatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "ActivityValidation" })
export interface ActivityValidation extends Schema.Schema.Type<typeof ActivityValidation> {}

/** A badge code: upper-case letters, digits and dashes (how a badge is shared publicly). */
export const BadgeCode = Schema.String.pipe(
  Schema.filter((s) => s.length >= 3 && s.length <= 40 && /^[A-Z0-9]+(-[A-Z0-9]+)*$/.test(s)),
  Schema.annotations({ ...says("must be 3 to 40 upper-case letters, digits and dashes"), jsonSchema: { type: "string", pattern: "^[A-Z0-9]+(-[A-Z0-9]+)*$" } })
)

/**
 * A badge of the platform (C "Badges"): designed by admins directly or by completing a creator's
 * badge request, mapped to challenges, awarded to the athletes who complete them. An inactive
 * badge is hidden from the public and awards nobody.
 */
export const ChallengeBadge = Schema.Struct({
  id: UuidStr,
  code: BadgeCode,
  name: StrLength(2, 120),
  description: StrLength(0, 2000),
  imageUrl: Schema.NullOr(HttpsLink),
  criteria: StrLength(0, 1000),
  isActive: Bool,
  /** The badge request it completed, if any. */
  requestId: Schema.NullOr(Schema.String),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ChallengeBadge" })
export interface ChallengeBadge extends Schema.Schema.Type<typeof ChallengeBadge> {}

/** A badge given to an athlete: once per badge and athlete, whichever challenge earned it first. */
export const BadgeAward = Schema.Struct({
  id: UuidStr,
  badgeId: UuidStr,
  userId: Schema.String,
  challengeId: Schema.NullOr(Schema.String),
  source: OneOf("COMPLETION", "RETROACTIVE"),
  awardedAt: Instant
}).annotations({ identifier: "BadgeAward" })
export interface BadgeAward extends Schema.Schema.Type<typeof BadgeAward> {}

/**
 * The life of a fulfillment task (B "Fulfillment tasks"): created PENDING, assigned to an ops admin
 * (PENDING only), started, done; released back to PENDING by its assignee's lead; cancelled while open.
 */
export const FulfillmentTaskStatus = OneOf("PENDING", "ASSIGNED", "IN_PROGRESS", "DONE", "CANCELLED")
export type FulfillmentTaskStatus = typeof FulfillmentTaskStatus.Type
export const FulfillmentTaskKind = OneOf("REWARD_SHIPMENT", "GOODIE", "RACE_KIT", "OTHER")
/** The service level: a task is due this many hours after it is created (URGENT 24, HIGH 48, NORMAL 72, LOW 120). */
export const FulfillmentPriority = OneOf("URGENT", "HIGH", "NORMAL", "LOW")
export type FulfillmentPriority = typeof FulfillmentPriority.Type

/** Something ops must physically do for an athlete: ship a reward, hand over a goodie or race kit. */
export const FulfillmentTask = Schema.Struct({
  id: UuidStr,
  kind: FulfillmentTaskKind,
  title: StrLength(3, 200),
  details: StrLength(0, 2000),
  priority: FulfillmentPriority,
  /** Who receives it, when an athlete does. */
  recipientUserId: Schema.NullOr(Schema.String),
  /** What it fulfils (a challenge reward, a goodie award…), by kind and id. */
  subjectType: Schema.NullOr(StrLength(1, 60)),
  subjectId: Schema.NullOr(StrLength(1, 100)),
  status: FulfillmentTaskStatus,
  assigneeId: Schema.NullOr(Schema.String),
  assignedAt: Schema.NullOr(Instant),
  dueAt: Instant,
  completedAt: Schema.NullOr(Instant),
  statusNote: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "FulfillmentTask" })
export interface FulfillmentTask extends Schema.Schema.Type<typeof FulfillmentTask> {}

/** A colour as `#rrggbb`. */
export const HexColour = Schema.String.pipe(
  Schema.filter((s) => /^#[0-9a-fA-F]{6}$/.test(s)),
  Schema.annotations({ ...says("must be a hex colour like #1a2b3c"), jsonSchema: { type: "string", pattern: "^#[0-9a-fA-F]{6}$" } })
)

/**
 * A bib design (C "Bib templates"): GLOBAL ones are the platform's (made by admins) and shown to
 * every organizer; ORGANIZER ones belong to one organizer. The thumbnail is an SVG rendered from
 * the design with a sample bib number and name.
 */
export const BibTemplate = Schema.Struct({
  id: UuidStr,
  scope: OneOf("GLOBAL", "ORGANIZER"),
  organizerId: Schema.NullOr(Schema.String),
  name: StrLength(3, 120),
  description: StrLength(0, 1000),
  backgroundColor: HexColour,
  textColor: HexColour,
  accentColor: HexColour,
  fontFamily: OneOf("sans-serif", "serif", "monospace", "condensed"),
  showQrCode: Bool,
  sampleBibNumber: StrLength(1, 12),
  sampleName: StrLength(1, 60),
  thumbnailSvg: Schema.String,
  thumbnailRenderedAt: Instant,
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "BibTemplate" })
export interface BibTemplate extends Schema.Schema.Type<typeof BibTemplate> {}

/** A challenge attached to an event (the event's page lists it; the challenge lists the event). */
export const ChallengeEventLink = Schema.Struct({
  challengeId: UuidStr,
  eventId: UuidStr,
  attachedBy: Schema.String,
  attachedAt: Instant
}).annotations({ identifier: "ChallengeEventLink" })
export interface ChallengeEventLink extends Schema.Schema.Type<typeof ChallengeEventLink> {}

/**
 * Who a challenge is for: with no audience anyone may join; with audiences, only athletes matching
 * one of them. The kind is CLUB (the club's ACTIVE members); kinds that need verified profile data
 * (city, age group, employer) wait for that data.
 */
export const ChallengeAudience = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  kind: OneOf("CLUB"),
  refId: UuidStr,
  createdBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "ChallengeAudience" })
export interface ChallengeAudience extends Schema.Schema.Type<typeof ChallengeAudience> {}

/**
 * A promo story a challenge's manager posts to promote it: one image (kept in the blob store under
 * `mediaKey`) with an optional caption. Stories stay until their manager deletes them; the public
 * sees the stories of a public challenge, newest first.
 */
export const ChallengePromoStory = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  caption: Schema.NullOr(StrLength(1, 280)),
  mediaKey: Schema.String,
  mediaContentType: Schema.String,
  mediaSize: Schema.Int,
  createdBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "ChallengePromoStory" })
export interface ChallengePromoStory extends Schema.Schema.Type<typeof ChallengePromoStory> {}

/** The reactions an athlete may leave on a promo story (one per athlete and story; a new one replaces it). */
export const PromoStoryReactionKind = OneOf("LIKE", "LOVE", "FIRE", "CLAP", "STRONG")

export const PromoStoryReaction = Schema.Struct({
  storyId: UuidStr,
  userId: Schema.String,
  reaction: PromoStoryReactionKind,
  reactedAt: Instant
}).annotations({ identifier: "PromoStoryReaction" })
export interface PromoStoryReaction extends Schema.Schema.Type<typeof PromoStoryReaction> {}

/** An athlete's reply to a promo story: private to the story's author and the challenge's managers. */
export const PromoStoryReply = Schema.Struct({
  id: UuidStr,
  storyId: UuidStr,
  userId: Schema.String,
  text: StrLength(1, 500),
  createdAt: Instant
}).annotations({ identifier: "PromoStoryReply" })
export interface PromoStoryReply extends Schema.Schema.Type<typeof PromoStoryReply> {}

/** An Indian permanent account number: five letters, four digits, a letter. */
export const Pan = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s)),
  Schema.annotations({ ...says("must be a valid PAN (five letters, four digits, a letter)"), jsonSchema: { type: "string", pattern: "^[A-Z]{5}[0-9]{4}[A-Z]$" } })
)

/** A charity's verification: registered UNVERIFIED, sent for checks (PENDING), VERIFIED by an admin. */
export const CharityStatus = OneOf("UNVERIFIED", "PENDING", "VERIFIED")
export type CharityStatus = typeof CharityStatus.Type

/**
 * A charity challenges may donate their entry fees to (B "Charities"): its 80G registration and
 * PAN go on every donor's receipt, so only a VERIFIED charity may be named by a challenge.
 */
export const Charity = Schema.Struct({
  id: UuidStr,
  name: StrLength(3, 150),
  /** The charity's registration under section 80G of the Income-tax Act. */
  registrationNumber: StrLength(5, 60),
  pan: Pan,
  address: StrLength(5, 500),
  status: CharityStatus,
  /** The admin's note on the last status change. */
  statusReason: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Charity" })
export interface Charity extends Schema.Schema.Type<typeof Charity> {}

/** What a prize slab gives (limits-and-errors: "challenge reward distribution types"). */
export const ChallengeRewardType = OneOf("CASH", "DISCOUNT", "MERCH", "EVENT_ENTRY")
export type ChallengeRewardType = typeof ChallengeRewardType.Type

/**
 * One line of a challenge's prize table: athletes finishing between `rankFrom` and `rankTo`
 * (final leaderboard ranks, ties sharing a rank) get the reward. A rank may be covered by several
 * lines (cash and a tee for the winner). Type-specific fields are null when they do not apply:
 * CASH `amount` (minor units); DISCOUNT `discountType`/`discountValue` on `eventId` (issued as a
 * single-use coupon of that event); EVENT_ENTRY `eventId` and optional `ticketId` (a single-use
 * 100 % coupon: a complimentary place); MERCH `productName`, optional image and size options.
 */
export const ChallengePrize = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  rankFrom: IntBetween(1, 100_000),
  rankTo: IntBetween(1, 100_000),
  rewardType: ChallengeRewardType,
  title: Schema.NullOr(StrLength(1, 120)),
  amount: Schema.NullOr(IntBetween(1, 100_000_000)),
  currency: OneOf("INR"),
  discountType: Schema.NullOr(OneOf("percent", "fixed")),
  discountValue: Schema.NullOr(IntBetween(1, 100_000_000)),
  eventId: Schema.NullOr(UuidStr),
  ticketId: Schema.NullOr(UuidStr),
  productName: Schema.NullOr(StrLength(1, 120)),
  productImageUrl: Schema.NullOr(HttpsLink),
  sizeOptions: Schema.Array(StrLength(1, 20)),
  createdAt: Instant
}).annotations({ identifier: "ChallengePrize" })
export interface ChallengePrize extends Schema.Schema.Type<typeof ChallengePrize> {}

/**
 * A reward's life (states.tsv "Challenge reward"): CASH is CREDITED to the winner's wallet and
 * DISCOUNT / EVENT_ENTRY are ISSUED as coupon codes at distribution (final); MERCH waits for the
 * winner's address (PENDING_ADDRESS → ADDRESSED), is SHIPPED and DELIVERED; a MERCH reward not yet
 * shipped may be CANCELLED.
 */
export const ChallengeRewardStatus = OneOf("CREDITED", "ISSUED", "PENDING_ADDRESS", "ADDRESSED", "SHIPPED", "DELIVERED", "CANCELLED")
export type ChallengeRewardStatus = typeof ChallengeRewardStatus.Type

/** Where a MERCH reward is shipped (an Indian address: six-digit PIN code, ten-digit mobile). */
export const RewardShippingAddress = Schema.Struct({
  name: StrLength(2, 120),
  phone: Schema.String.pipe(
    Schema.filter((s) => /^[6-9]\d{9}$/.test(s)),
    Schema.annotations({ ...says("must be a 10-digit Indian mobile number"), jsonSchema: { type: "string", pattern: "^[6-9]\\d{9}$" } })
  ),
  addressLine1: StrLength(3, 200),
  addressLine2: Schema.NullOr(StrLength(0, 200)),
  city: StrLength(2, 80),
  state: StrLength(2, 80),
  pincode: Schema.String.pipe(
    Schema.filter((s) => /^[1-9]\d{5}$/.test(s)),
    Schema.annotations({ ...says("must be a 6-digit PIN code"), jsonSchema: { type: "string", pattern: "^[1-9]\\d{5}$" } })
  )
}).annotations({ identifier: "RewardShippingAddress" })
export interface RewardShippingAddress extends Schema.Schema.Type<typeof RewardShippingAddress> {}

/** One reward of one winner for one prize line (or one accepted sponsor contribution): at most one per winner and line. */
export const ChallengeReward = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  prizeId: Schema.NullOr(Schema.String),
  contributionId: Schema.NullOr(Schema.String),
  userId: Schema.String,
  participationId: Schema.NullOr(Schema.String),
  rank: Schema.Number,
  rewardType: ChallengeRewardType,
  status: ChallengeRewardStatus,
  amount: Schema.NullOr(Schema.Number),
  currency: Schema.String,
  couponCode: Schema.NullOr(Schema.String),
  eventId: Schema.NullOr(Schema.String),
  ticketId: Schema.NullOr(Schema.String),
  productName: Schema.NullOr(Schema.String),
  size: Schema.NullOr(Schema.String),
  shippingAddress: Schema.NullOr(RewardShippingAddress),
  carrier: Schema.NullOr(Schema.String),
  trackingNumber: Schema.NullOr(Schema.String),
  shipmentProvider: Schema.NullOr(Schema.String),
  shipmentReference: Schema.NullOr(Schema.String),
  statusReason: Schema.NullOr(Schema.String),
  distributedBy: Schema.String,
  shippedAt: Schema.NullOr(Instant),
  deliveredAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ChallengeReward" })
export interface ChallengeReward extends Schema.Schema.Type<typeof ChallengeReward> {}

export const ChallengePrizeContributionStatus = OneOf("PENDING", "ACCEPTED", "REJECTED")
export type ChallengePrizeContributionStatus = typeof ChallengePrizeContributionStatus.Type

/**
 * A sponsor's goodie offered for one rank of a challenge (C "Challenge prizes"). The challenge's
 * manager accepts it (only when a prize slab covers the rank) or rejects it; an accepted one adds
 * a MERCH reward for the athletes at that rank when rewards are distributed.
 */
export const ChallengePrizeContribution = Schema.Struct({
  id: UuidStr,
  challengeId: UuidStr,
  sponsorName: StrLength(2, 120),
  sponsorId: Schema.NullOr(Schema.String),
  rank: IntBetween(1, 100_000),
  productName: StrLength(1, 120),
  description: StrLength(0, 1000),
  imageUrl: Schema.NullOr(HttpsLink),
  status: ChallengePrizeContributionStatus,
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  decisionNote: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ChallengePrizeContribution" })
export interface ChallengePrizeContribution extends Schema.Schema.Type<typeof ChallengePrizeContribution> {}
