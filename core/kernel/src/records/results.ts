/**
 * Records of the results context: raw timing records as the timing system delivered them, the
 * results computed from them (places per leaderboard), the leaderboards and the publication state
 * of an event's results; stored shape = wire shape.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

export const ResultGenders = ["male", "female", "other"] as const
export const ResultGender = OneOf(...ResultGenders)
export type ResultGender = typeof ResultGender.Type

/**
 * States of an event's results (states.tsv "Event results"): unpublished until the organizer
 * publishes them; publish and unpublish are each one conditional update, audited.
 */
export const EventResultsStatuses = ["unpublished", "published"] as const
export const EventResultsStatus = OneOf(...EventResultsStatuses)
export type EventResultsStatus = typeof EventResultsStatus.Type

export const EventResultsState = Schema.Struct({
  eventId: UuidStr,
  status: EventResultsStatus,
  publishedAt: Schema.NullOr(Instant),
  /** `organizer:<memberId>` or `admin:<accountId>` of the last publish or unpublish. */
  changedBy: Schema.NullOr(Schema.String),
  changedAt: Schema.NullOr(Instant),
  /** Leaderboards of the event and the finishers they rank. */
  leaderboards: Schema.Int,
  finishers: Schema.Int
}).annotations({ identifier: "EventResultsState" })
export interface EventResultsState extends Schema.Schema.Type<typeof EventResultsState> {}

/**
 * A leaderboard of an event (one per race distance, "Overall" by default): finish times ranked
 * overall, per gender and per age group. `revision` grows with every change of its results (the
 * Redis boards of a revision never change, so readers never see a half-built board).
 */
export const ResultLeaderboard = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  name: StrLength(1, 80),
  entryCount: Schema.Int,
  revision: Schema.Int,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ResultLeaderboard" })
export interface ResultLeaderboard extends Schema.Schema.Type<typeof ResultLeaderboard> {}

/** A raw timing record (what the timing system said), kept apart from the computed result. */
export const TimingRecord = Schema.Struct({
  id: UuidStr,
  leaderboardId: UuidStr,
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Schema.NullOr(StrLength(1, 30)),
  startedAt: Instant,
  finishedAt: Instant,
  ingestedAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "TimingRecord" })
export interface TimingRecord extends Schema.Schema.Type<typeof TimingRecord> {}

/**
 * A computed result: elapsed time (finish minus start, absolute instants) and the places, by
 * standard competition ranking ("1-2-2-4": equal times share a place, the next place skips).
 */
export const ResultEntry = Schema.Struct({
  leaderboardId: UuidStr,
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Schema.NullOr(Schema.String),
  startedAt: Instant,
  finishedAt: Instant,
  elapsedMs: Schema.Int,
  place: Schema.Int,
  genderPlace: Schema.Int,
  /** Null when the record carries no age group. */
  ageGroupPlace: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "ResultEntry" })
export interface ResultEntry extends Schema.Schema.Type<typeof ResultEntry> {}

/** Records per ingest batch. */
export const MaxIngestRecords = 5000

/**
 * The variables a certificate template may use as `{{name}}` (anything else is refused on create
 * and update, naming it). Values come from the participant, the booking and the event.
 */
export const CertificateVariables = [
  { name: "participantName", description: "The participant's first and last name" },
  { name: "firstName", description: "The participant's first name" },
  { name: "lastName", description: "The participant's last name" },
  { name: "eventTitle", description: "The event's title" },
  { name: "eventDate", description: "The event's start date (YYYY-MM-DD, in the event's time zone)" },
  { name: "eventCity", description: "The event's city" },
  { name: "bookingId", description: "The booking id of the participant's seat" },
  { name: "issuedDate", description: "The date the certificate was issued (YYYY-MM-DD, UTC)" },
  { name: "certificateCode", description: "The certificate's verification code" }
] as const
export type CertificateVariable = (typeof CertificateVariables)[number]["name"]

/**
 * A version of an event's certificate template. An update writes a new version and deactivates
 * the previous one (at most one active per event); issued certificates keep the version they were
 * issued with.
 */
export const CertificateTemplate = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  version: Schema.Int,
  title: StrLength(1, 120),
  body: StrLength(1, 5000),
  /** Public URL of the template's artwork (an uploaded asset); kept with the version. The PDF renderer prints text only for now. */
  backgroundUrl: Schema.NullOr(StrLength(1, 2000)),
  isActive: Bool,
  createdBy: Schema.String,
  createdAt: Instant,
  deactivatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "CertificateTemplate" })
export interface CertificateTemplate extends Schema.Schema.Type<typeof CertificateTemplate> {}

/** States of an event's certificates (states.tsv "Event certificates"). */
export const CertificatesPublicationStatus = OneOf("unpublished", "published")
export type CertificatesPublicationStatus = typeof CertificatesPublicationStatus.Type

/** States of one issued certificate (states.tsv "Certificate issuance"): revoke is reversible. */
export const CertificateStatuses = ["ISSUED", "REVOKED"] as const
export const CertificateStatus = OneOf(...CertificateStatuses)
export type CertificateStatus = typeof CertificateStatus.Type

/** A certificate issued to one participant who joined and attended (checked in). */
export const Certificate = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  participantId: UuidStr,
  participationId: UuidStr,
  /** The booking's owner (who downloads it). */
  userId: UuidStr,
  templateId: UuidStr,
  templateVersion: Schema.Int,
  recipientName: Schema.String,
  status: CertificateStatus,
  issuedAt: Instant,
  revokedAt: Schema.NullOr(Instant),
  revokedBy: Schema.NullOr(Schema.String),
  revokeReason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Certificate" })
export interface Certificate extends Schema.Schema.Type<typeof Certificate> {}

/** Why a participant of the event holds no certificate. */
export const NotIssuedReason = OneOf("booking_not_confirmed", "cancelled", "not_checked_in", "not_published")
export type NotIssuedReason = typeof NotIssuedReason.Type

/**
 * A medal: every result on a published leaderboard of a public event earns one, gold, silver or
 * bronze for overall places 1 to 3 (ties share the metal, as they share the place), finisher otherwise.
 */
export const MedalKinds = ["gold", "silver", "bronze", "finisher"] as const
export const MedalKind = OneOf(...MedalKinds)
export type MedalKind = typeof MedalKind.Type

export const Medal = Schema.Struct({
  kind: MedalKind,
  userId: UuidStr,
  eventId: UuidStr,
  eventTitle: Schema.String,
  eventStartsAt: Instant,
  leaderboardId: UuidStr,
  leaderboardName: Schema.String,
  place: Schema.Int,
  elapsedMs: Schema.Int,
  /** When the event's results were published. */
  awardedAt: Instant
}).annotations({ identifier: "Medal" })
export interface Medal extends Schema.Schema.Type<typeof Medal> {}

/** The themes of the 1080×1920 share card. */
export const ShareCardThemes = ["classic", "night", "sunrise", "forest", "mono"] as const
export const ShareCardTheme = OneOf(...ShareCardThemes)
export type ShareCardTheme = typeof ShareCardTheme.Type

/**
 * States of a proof of a virtual effort (states.tsv "Proof", "Edition proof"): submitted pending,
 * an admin approves or rejects it once; an approved proof may later be revoked.
 */
export const ProofStatuses = ["pending", "approved", "rejected", "revoked"] as const
export const ProofStatus = OneOf(...ProofStatuses)
export type ProofStatus = typeof ProofStatus.Type

/** A link to the evidence of an effort (a watch export, a photo of the treadmill…). */
export const EvidenceUrl = Schema.String.pipe(
  Schema.filter((s) => s.length <= 500 && /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(s)),
  Schema.annotations(says("must be a URL address"))
)

/**
 * An athlete's proof of the effort of a virtual edition: the participation is the athlete's
 * confirmed registration for the edition; the effort is an activity of theirs or an evidence link,
 * with the elapsed time they claim. Approval ranks it on the edition's leaderboard.
 */
export const Proof = Schema.Struct({
  id: UuidStr,
  /** The edition registration the effort is for. */
  participationId: UuidStr,
  editionId: UuidStr,
  eventId: UuidStr,
  userId: UuidStr,
  activityId: Schema.NullOr(UuidStr),
  evidenceUrl: Schema.NullOr(EvidenceUrl),
  elapsedSeconds: IntBetween(1, 604_800),
  startedAt: Instant,
  gender: ResultGender,
  ageGroup: Schema.NullOr(StrLength(1, 30)),
  status: ProofStatus,
  submittedAt: Instant,
  resolvedAt: Schema.NullOr(Instant),
  /** `admin:<accountId>` of the approval or rejection. */
  resolvedBy: Schema.NullOr(Schema.String),
  /** Why it was rejected (or the approver's note), verbatim. */
  reason: Schema.NullOr(Schema.String),
  /** The leaderboard the approval ranked it on. */
  leaderboardId: Schema.NullOr(UuidStr),
  revokedAt: Schema.NullOr(Instant),
  revokedBy: Schema.NullOr(Schema.String),
  revokeReason: Schema.NullOr(Schema.String),
  /** RC taken back from the athlete's wallet by the revoke. */
  clawedBackRc: Schema.Int
}).annotations({ identifier: "Proof" })
export interface Proof extends Schema.Schema.Type<typeof Proof> {}

/** States of a claimable reward (states.tsv "Claimable reward"): claimed once; void when its cause is revoked. */
export const ClaimableRewardStatuses = ["claimable", "claimed", "void"] as const
export const ClaimableRewardStatus = OneOf(...ClaimableRewardStatuses)
export type ClaimableRewardStatus = typeof ClaimableRewardStatus.Type

export const ClaimableRewardKinds = ["rc", "badge"] as const
export const ClaimableRewardKind = OneOf(...ClaimableRewardKinds)
export type ClaimableRewardKind = typeof ClaimableRewardKind.Type

/**
 * A reward waiting in the athlete's action center: RC credited to their wallet when claimed, or a
 * badge they acknowledge. `source` names what earned it (`proof:<id>`), one reward per kind each.
 */
export const ClaimableReward = Schema.Struct({
  id: UuidStr,
  userId: UuidStr,
  kind: ClaimableRewardKind,
  title: StrLength(1, 160),
  /** RC credited on claim; 0 for a badge. */
  amount: Schema.Int,
  /** The badge's key (`finisher`); null for RC. */
  badge: Schema.NullOr(Schema.String),
  source: Schema.String,
  status: ClaimableRewardStatus,
  createdAt: Instant,
  claimedAt: Schema.NullOr(Instant),
  voidedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "ClaimableReward" })
export interface ClaimableReward extends Schema.Schema.Type<typeof ClaimableReward> {}

/**
 * A series pass (C "Series passes"): an organizer's pass to the editions of one event series (the
 * event) whose year lies in [fromYear, toYear], with a number of places.
 */
export const SeriesPass = Schema.Struct({
  id: UuidStr,
  organizerId: UuidStr,
  eventId: UuidStr,
  name: StrLength(3, 120),
  description: Schema.NullOr(StrLength(0, 2000)),
  fromYear: IntBetween(2000, 2100),
  toYear: IntBetween(2000, 2100),
  capacity: IntBetween(1, 1_000_000),
  registered: Schema.Int,
  /** After this instant nobody may register; null: until the last covered year ends. */
  registrationClosesAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SeriesPass" })
export interface SeriesPass extends Schema.Schema.Type<typeof SeriesPass> {}

/** States of an athlete's registration on a pass (states.tsv "Series pass registration"). */
export const SeriesPassRegistrationStatuses = ["registered", "cancelled"] as const
export const SeriesPassRegistrationStatus = OneOf(...SeriesPassRegistrationStatuses)
export type SeriesPassRegistrationStatus = typeof SeriesPassRegistrationStatus.Type

/** One row per pass and athlete (registering again after a cancel revives it). */
export const SeriesPassRegistration = Schema.Struct({
  id: UuidStr,
  passId: UuidStr,
  userId: UuidStr,
  status: SeriesPassRegistrationStatus,
  registeredAt: Instant,
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "SeriesPassRegistration" })
export interface SeriesPassRegistration extends Schema.Schema.Type<typeof SeriesPassRegistration> {}
