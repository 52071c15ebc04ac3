/** Records of the activities context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, NumberBetween, OneOf, StrLength, UuidStr } from "../validation.js"

export const Sports = ["run", "walk", "hike", "ride", "swim", "other"] as const
export const Sport = OneOf(...Sports)
export type Sport = typeof Sport.Type

export const ActivityVisibility = OneOf("public", "private")

/**
 * An athlete's activity (C "Athlete / Activities"): entered by hand or parsed from an uploaded GPX,
 * TCX or FIT track (`source` says which). `eligible` is false while an enforced anti-cheat flag holds it out of leaderboards and
 * challenge progress; other contexts read eligibility through `eligibleActivities`, never this
 * table's columns.
 */
export const Activity = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  sport: Sport,
  title: StrLength(1, 120),
  description: Schema.NullOr(StrLength(0, 2000)),
  visibility: ActivityVisibility,
  source: OneOf("manual", "gpx", "tcx", "fit"),
  startedAt: Instant,
  endedAt: Instant,
  /** Elapsed seconds from the first to the last point (or as entered). */
  durationSeconds: IntBetween(1, 604_800),
  distanceMeters: NumberBetween(0, 1_000_000),
  elevationGainMeters: NumberBetween(0, 100_000),
  /** Seconds per kilometre; null without distance. */
  paceSecondsPerKm: Schema.NullOr(Schema.Number),
  pointCount: Schema.Number,
  gearId: Schema.NullOr(UuidStr),
  eligible: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Activity" })
export interface Activity extends Schema.Schema.Type<typeof Activity> {}

/** One recorded position of a track; `at` is null when the file gave no time for it. */
export const TrackPoint = Schema.Struct({
  lat: NumberBetween(-90, 90),
  lon: NumberBetween(-180, 180),
  ele: Schema.NullOr(Schema.Number),
  at: Schema.NullOr(Instant)
}).annotations({ identifier: "TrackPoint" })
export interface TrackPoint extends Schema.Schema.Type<typeof TrackPoint> {}

/** An activity with its track, as its owner reads it. */
export const ActivityDetail = Schema.Struct({ ...Activity.fields, points: Schema.Array(TrackPoint) })
  .annotations({ identifier: "ActivityDetail" })
export interface ActivityDetail extends Schema.Schema.Type<typeof ActivityDetail> {}

/**
 * An activity as anyone may see it: no owner-only fields, and the track without the part within
 * the athlete's privacy radius of its start and its end.
 */
export const PublicActivity = Schema.Struct({
  id: Activity.fields.id,
  userId: Activity.fields.userId,
  sport: Activity.fields.sport,
  title: Activity.fields.title,
  description: Activity.fields.description,
  startedAt: Activity.fields.startedAt,
  durationSeconds: Activity.fields.durationSeconds,
  distanceMeters: Activity.fields.distanceMeters,
  elevationGainMeters: Activity.fields.elevationGainMeters,
  paceSecondsPerKm: Activity.fields.paceSecondsPerKm,
  points: Schema.Array(TrackPoint),
  /** Points left out around the start and the end (0 when the athlete has no privacy radius). */
  hiddenPointCount: Schema.Number
}).annotations({ identifier: "PublicActivity" })
export interface PublicActivity extends Schema.Schema.Type<typeof PublicActivity> {}

/** One change to an activity (B "Activity audit"): who, in which role, what moved from what to what. */
export const ActivityAuditEntry = Schema.Struct({
  id: UuidStr,
  activityId: Schema.String,
  editorId: Schema.NullOr(Schema.String),
  editorRole: Schema.String,
  action: OneOf("created", "updated", "deleted", "flagged", "restored"),
  changes: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  at: Instant
}).annotations({ identifier: "ActivityAuditEntry" })
export interface ActivityAuditEntry extends Schema.Schema.Type<typeof ActivityAuditEntry> {}

/** How an athlete records (C "Tracking preferences"); defaults until first written. */
export const TrackingPreferences = Schema.Struct({
  userId: Schema.String,
  defaultSport: Sport,
  defaultVisibility: ActivityVisibility,
  /** The start and end of public tracks are hidden within about this distance (0: not hidden). */
  privacyRadiusMeters: IntBetween(0, 2000),
  autoPause: Bool,
  gpsIntervalSeconds: IntBetween(1, 60),
  updatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "TrackingPreferences" })
export interface TrackingPreferences extends Schema.Schema.Type<typeof TrackingPreferences> {}

export const RuleModes = ["off", "shadow", "enforce"] as const
export const RuleMode = OneOf(...RuleModes)
export type RuleMode = typeof RuleMode.Type

/** One anti-cheat rule as data (B "Anti-cheat / governance"): its threshold and its mode. */
export const AntiCheatRule = Schema.Struct({
  key: Schema.String,
  description: Schema.String,
  /** The sport it applies to; null for every sport. */
  sport: Schema.NullOr(Sport),
  threshold: NumberBetween(0, 1_000_000),
  unit: Schema.String,
  mode: RuleMode,
  updatedAt: Instant
}).annotations({ identifier: "AntiCheatRule" })
export interface AntiCheatRule extends Schema.Schema.Type<typeof AntiCheatRule> {}

/** The whole governance: the global mode caps every rule's own (off < shadow < enforce). */
export const AntiCheatGovernance = Schema.Struct({
  mode: RuleMode,
  updatedAt: Instant,
  rules: Schema.Array(AntiCheatRule)
}).annotations({ identifier: "AntiCheatGovernance" })
export interface AntiCheatGovernance extends Schema.Schema.Type<typeof AntiCheatGovernance> {}

export const FlagStatuses = ["OPEN", "RESPONDED", "APPEALED", "CONFIRMED", "DISMISSED"] as const
export type FlagStatus = (typeof FlagStatuses)[number]

/**
 * A rule's finding on one activity. `mode` is the effective mode when it was raised: a `shadow`
 * flag is only recorded for admins; an `enforce` flag holds the activity out until dismissed.
 */
export const AntiCheatFlag = Schema.Struct({
  id: UuidStr,
  activityId: Schema.String,
  userId: Schema.String,
  ruleKey: Schema.String,
  /** Why, in words the athlete is shown. */
  reason: Schema.String,
  observed: Schema.Number,
  threshold: Schema.Number,
  mode: OneOf("shadow", "enforce"),
  status: OneOf(...FlagStatuses),
  decisionReason: Schema.NullOr(Schema.String),
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "AntiCheatFlag" })
export interface AntiCheatFlag extends Schema.Schema.Type<typeof AntiCheatFlag> {}

/** A message on a flag: the athlete's response or the admin's decision reason. */
export const FlagResponse = Schema.Struct({
  id: UuidStr,
  flagId: Schema.String,
  authorKind: OneOf("athlete", "admin"),
  authorId: Schema.String,
  message: StrLength(3, 2000),
  createdAt: Instant
}).annotations({ identifier: "AntiCheatFlagResponse" })
export interface FlagResponse extends Schema.Schema.Type<typeof FlagResponse> {}

export const AppealStatuses = ["PENDING", "UPHELD", "REJECTED"] as const
export type AppealStatus = (typeof AppealStatuses)[number]

/** The athlete's one appeal of a flag; upheld restores everything the flag removed. */
export const ActivityAppeal = Schema.Struct({
  id: UuidStr,
  flagId: Schema.String,
  activityId: Schema.String,
  userId: Schema.String,
  reason: StrLength(10, 2000),
  status: OneOf(...AppealStatuses),
  decisionReason: Schema.NullOr(Schema.String),
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ActivityAppeal" })
export interface ActivityAppeal extends Schema.Schema.Type<typeof ActivityAppeal> {}

export const LiveShareStatuses = ["ACTIVE", "CANCELLED"] as const
export type LiveShareStatus = (typeof LiveShareStatuses)[number]

/** A live-tracking share (C "Live tracking"): the athlete's position shown to up to 5 recipients. */
export const LiveShare = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  activityId: Schema.NullOr(Schema.String),
  status: OneOf(...LiveShareStatuses),
  expiresAt: Instant,
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "LiveTrackingShare" })
export interface LiveShare extends Schema.Schema.Type<typeof LiveShare> {}

/** A recipient of a share; its access token is stored hashed and never listed. */
export const LiveShareRecipient = Schema.Struct({
  id: UuidStr,
  shareId: Schema.String,
  name: Schema.NullOr(StrLength(1, 100)),
  channel: OneOf("sms", "email"),
  contact: StrLength(3, 254),
  revokedAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "LiveTrackingRecipient" })
export interface LiveShareRecipient extends Schema.Schema.Type<typeof LiveShareRecipient> {}

/** A kind of gear (shoes, bike, watch…), kept by admins. */
export const GearType = Schema.Struct({
  id: UuidStr,
  name: StrLength(1, 60),
  description: Schema.NullOr(StrLength(0, 500)),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "GearType" })
export interface GearType extends Schema.Schema.Type<typeof GearType> {}

/** An athlete's piece of gear; `distanceMeters` is the starting distance plus its activities'. */
export const Gear = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  gearTypeId: Schema.NullOr(UuidStr),
  name: StrLength(1, 100),
  brand: Schema.NullOr(StrLength(0, 100)),
  model: Schema.NullOr(StrLength(0, 100)),
  initialDistanceMeters: NumberBetween(0, 1_000_000_000),
  /** Distance after which the athlete wants a reminder to replace it. */
  maxDistanceMeters: Schema.NullOr(NumberBetween(1, 1_000_000_000)),
  retired: Bool,
  distanceMeters: Schema.Number,
  activityCount: Schema.Number,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Gear" })
export interface Gear extends Schema.Schema.Type<typeof Gear> {}
