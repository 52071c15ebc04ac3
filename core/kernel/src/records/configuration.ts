/**
 * Records of the configuration context (B "Configuration and AI"): feature flags with their
 * audiences, platform flags with their rollout, per-platform app version policies and the app
 * versions athletes were last seen on. Stored shape is wire shape (see ../record.ts).
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/** Flag keys: lower-case, dotted or snake-cased, 2–80 characters (they are code identifiers). */
export const FlagKey = Schema.String.pipe(
  Schema.filter((s) => /^[a-z][a-z0-9_.-]{1,79}$/.test(s)),
  Schema.annotations(says("must be 2 to 80 characters of lower-case letters, digits, dot, dash or underscore, starting with a letter"))
)

const UserIds = Schema.Array(UuidStr).pipe(Schema.maxItems(1000), Schema.annotations(says("must contain no more than 1000 elements")))

/**
 * Who a feature flag is on for: never the excluded users, always the included ones, otherwise the
 * users whose deterministic bucket (a hash of flag key and user id, 0–99) is below `percentage`.
 */
export const FlagAudience = Schema.Struct({
  percentage: IntBetween(0, 100),
  includeUserIds: UserIds,
  excludeUserIds: UserIds
}).annotations({ identifier: "FlagAudience" })
export interface FlagAudience extends Schema.Schema.Type<typeof FlagAudience> {}

export const FeatureFlag = Schema.Struct({
  key: FlagKey,
  description: StrLength(0, 500),
  enabled: Schema.Boolean,
  /** A guarded flag changes only through POST /{key}/guarded (confirmation, reason, expected version). */
  guarded: Schema.Boolean,
  audience: FlagAudience,
  /** Bumped by every change; a write may name the version it read (409 on a stale one). */
  version: Schema.Int,
  updatedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "FeatureFlag" })
export interface FeatureFlag extends Schema.Schema.Type<typeof FeatureFlag> {}

export const PlatformFlag = Schema.Struct({
  key: FlagKey,
  description: StrLength(0, 500),
  enabled: Schema.Boolean,
  /** Share of users (by deterministic bucket of the user id) the flag is on for while enabled. */
  rolloutPercentage: IntBetween(0, 100),
  guarded: Schema.Boolean,
  version: Schema.Int,
  createdBy: Schema.String,
  updatedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "PlatformFlag" })
export interface PlatformFlag extends Schema.Schema.Type<typeof PlatformFlag> {}

export const AppPlatform = OneOf("ios", "android")
export type AppPlatform = typeof AppPlatform.Type

/** A semantic version MAJOR.MINOR.PATCH (an optional pre-release or build suffix is allowed). */
export const SemVerPattern = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})(?:-([0-9A-Za-z.-]{1,40}))?(?:\+[0-9A-Za-z.-]{1,40})?$/

/** One platform's policy: below `minimumVersion` the app must update, below `latestVersion` it is told to. */
export const AppVersionPolicy = Schema.Struct({
  platform: AppPlatform,
  minimumVersion: Schema.String,
  latestVersion: Schema.String,
  storeUrl: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String),
  version: Schema.Int,
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Instant
}).annotations({ identifier: "AppVersionPolicy" })
export interface AppVersionPolicy extends Schema.Schema.Type<typeof AppVersionPolicy> {}

/** One arm of an A/B test or experiment, with its share of users (the shares add up to 100). */
export const Variant = Schema.Struct({
  key: Schema.String.pipe(Schema.filter((s) => /^[a-z][a-z0-9_-]{0,39}$/.test(s)), Schema.annotations(says("must be 1 to 40 characters of lower-case letters, digits, dash or underscore, starting with a letter"))),
  weight: IntBetween(1, 100)
}).annotations({ identifier: "Variant" })
export interface Variant extends Schema.Schema.Type<typeof Variant> {}

export const Variants = Schema.Array(Variant).pipe(
  Schema.minItems(2),
  Schema.maxItems(10),
  Schema.annotations(says("must contain 2 to 10 variants"))
)

export const AbTest = Schema.Struct({
  key: FlagKey,
  name: StrLength(1, 120),
  description: StrLength(0, 1000),
  enabled: Schema.Boolean,
  variants: Variants,
  version: Schema.Int,
  updatedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "AbTest" })
export interface AbTest extends Schema.Schema.Type<typeof AbTest> {}

/** DRAFT → RUNNING ⇄ PAUSED → COMPLETED. */
export const ExperimentStatus = OneOf("DRAFT", "RUNNING", "PAUSED", "COMPLETED")
export type ExperimentStatus = typeof ExperimentStatus.Type

export const Experiment = Schema.Struct({
  key: FlagKey,
  name: StrLength(1, 120),
  hypothesis: StrLength(0, 2000),
  /** The conversion the experiment measures (an event name the app reports). */
  metric: StrLength(1, 120),
  variants: Variants,
  status: ExperimentStatus,
  version: Schema.Int,
  startedAt: Schema.NullOr(Instant),
  endedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Experiment" })
export interface Experiment extends Schema.Schema.Type<typeof Experiment> {}
