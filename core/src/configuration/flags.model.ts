/**
 * Feature flags and platform flags (B "Configuration and AI"): the deterministic bucketing that
 * decides who a flag is on for, the canonical catalog of known flag keys (kept as data, with owners
 * and descriptions), and the facts a flag change can fail with.
 */
import { DomainError, type FlagAudience } from "@podium/kernel"
import { Schema } from "effect"

/**
 * The user's bucket (0–99) for a flag: FNV-1a (32 bit) of `flagKey:userId`. Salting with the key
 * keeps the 10 % of two different flags from being the same 10 % of users; the same user always
 * lands in the same bucket of one flag, so raising a percentage only ever adds users.
 */
export const bucketOf = (flagKey: string, userId: string): number => {
  let hash = 0x811c9dc5
  const text = `${flagKey}:${userId.toLowerCase()}`
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 100
}

/** Whether the rollout percentage covers the user (0 never, 100 always). */
export const inRollout = (flagKey: string, userId: string, percentage: number) => bucketOf(flagKey, userId) < percentage

/** Whether a feature flag's audience takes the user in: exclusion wins over inclusion, inclusion over the percentage. */
export const inAudience = (flagKey: string, audience: FlagAudience, userId: string) =>
  !audience.excludeUserIds.includes(userId) && (audience.includeUserIds.includes(userId) || inRollout(flagKey, userId, audience.percentage))

export const DefaultAudience: FlagAudience = { percentage: 100, includeUserIds: [], excludeUserIds: [] }

export type FlagKind = "feature" | "platform"

/** One known flag: who owns it and what it gates. */
export interface CanonicalFlag {
  readonly key: string
  readonly kind: FlagKind
  readonly owner: string
  readonly description: string
  /** What the code assumes while the flag is not configured. */
  readonly defaultEnabled: boolean
  /** Changes must go through the guarded route (they gate money, data or access). */
  readonly guarded: boolean
}

/**
 * The catalog of flag keys the code knows. It is data reviewed with the code that reads the flags:
 * a key configured but absent here is an orphan in the inventory, a key here but not configured
 * runs on its default.
 */
export const CanonicalFlags: ReadonlyArray<CanonicalFlag> = [
  { key: "account_merge.execute", kind: "platform", owner: "compliance", description: "Executing proposed account merges (503 ACCOUNT_MERGE_EXECUTE_DISABLED while off)", defaultEnabled: false, guarded: true },
  { key: "payments.refunds.auto", kind: "platform", owner: "payments", description: "Automatic gateway refunds on event and challenge cancellation", defaultEnabled: true, guarded: true },
  { key: "payouts.release", kind: "platform", owner: "payments", description: "The scheduled payout release job", defaultEnabled: true, guarded: true },
  { key: "signups.open", kind: "platform", owner: "identity", description: "New athlete sign-ups", defaultEnabled: true, guarded: true },
  { key: "coach.ai", kind: "feature", owner: "training", description: "The AI coach in the athlete app", defaultEnabled: false, guarded: false },
  { key: "clubs.chat", kind: "feature", owner: "clubs", description: "Club channels and chat", defaultEnabled: true, guarded: false },
  { key: "challenges.brand", kind: "feature", owner: "sponsors", description: "Brand challenges in the challenges tab", defaultEnabled: false, guarded: false },
  { key: "activities.live_tracking", kind: "feature", owner: "activities", description: "Live tracking of activities", defaultEnabled: false, guarded: false },
  { key: "results.hybrid_race", kind: "feature", owner: "results", description: "Hybrid race results and leaderboards", defaultEnabled: true, guarded: false },
  { key: "wallets.rc_store", kind: "feature", owner: "wallets", description: "The RC store in the athlete wallet", defaultEnabled: false, guarded: true }
]

export const canonicalFlag = (key: string) => CanonicalFlags.find((f) => f.key === key)

export class FeatureFlagNotFound extends DomainError<FeatureFlagNotFound>()("FeatureFlagNotFound", { kind: "not-found", code: "FEATURE_FLAG_NOT_FOUND" }, {
  key: Schema.String
}) {
  override get message() {
    return "Feature flag not found"
  }
}

export class PlatformFlagNotFound extends DomainError<PlatformFlagNotFound>()("PlatformFlagNotFound", { kind: "not-found", code: "PLATFORM_FLAG_NOT_FOUND" }, {
  key: Schema.String
}) {
  override get message() {
    return "Platform feature flag not found"
  }
}

export class PlatformFlagExists extends DomainError<PlatformFlagExists>()("PlatformFlagExists", { kind: "conflict", code: "PLATFORM_FLAG_EXISTS" }, {
  key: Schema.String
}) {
  override get message() {
    return "A platform feature flag with this key already exists"
  }
}

export class CanonicalFlagNotFound extends DomainError<CanonicalFlagNotFound>()("CanonicalFlagNotFound", { kind: "not-found", code: "FLAG_NOT_FOUND" }, {
  key: Schema.String
}) {
  override get message() {
    return "No flag with this key is known"
  }
}

/** A guarded flag changes only through its guarded route. */
export class FlagGuarded extends DomainError<FlagGuarded>()("FlagGuarded", { kind: "conflict", code: "FLAG_GUARDED" }, {
  key: Schema.String
}) {
  override get message() {
    return "This flag is guarded: change it through the guarded route with a confirmation and a reason"
  }
}

/** The write named a version that is no longer the stored one (someone changed the flag meanwhile). */
export class FlagVersionConflict extends DomainError<FlagVersionConflict>()("FlagVersionConflict", { kind: "conflict", code: "FLAG_VERSION_CONFLICT" }, {
  key: Schema.String,
  expectedVersion: Schema.Int,
  currentVersion: Schema.Int
}) {
  override get message() {
    return `The flag changed meanwhile: expected version ${this.expectedVersion}, current version ${this.currentVersion}`
  }
}

export class ConfigurationInvalid extends DomainError<ConfigurationInvalid>()("ConfigurationInvalid", { kind: "invalid", messages: (e) => e.messages }, {
  messages: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.messages.join("; ")
  }
}
