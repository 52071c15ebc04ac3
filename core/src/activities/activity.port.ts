/** Repositories of the activities context (Postgres adapters in @podium/postgres, memory twins in ../testing). */
import type {
  Activity,
  ActivityAppeal,
  ActivityAuditEntry,
  AntiCheatFlag,
  AntiCheatGovernance,
  AntiCheatRule,
  AppealStatus,
  FlagResponse,
  FlagStatus,
  Gear,
  LiveShare,
  LiveShareRecipient,
  MoveRefused,
  RuleMode,
  Sport,
  TrackingPreferences,
  TrackPoint
} from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { Finding } from "./anti-cheat.rules.js"
import type {
  ActiveShareLimit,
  ActivityNotFound,
  ActivityOverlaps,
  AppealAlreadySubmitted,
  AppealNotFound,
  FlagNotFound,
  GearNotFound,
  InviteLimit,
  LiveShareNotFound
} from "./activity.model.js"

/** Who changed something, as the activity audit records it. */
export interface Editor {
  readonly id: string
  readonly role: string
}

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

export type NewActivity = Omit<Activity, "id" | "eligible" | "createdAt" | "updatedAt">
export type ActivityPatch = Partial<Pick<Activity, "sport" | "title" | "description" | "visibility" | "gearId" | "startedAt" | "endedAt" | "durationSeconds" | "distanceMeters" | "elevationGainMeters" | "paceSecondsPerKm">>

export interface AuditFilter {
  readonly editorId?: string | undefined
  readonly role?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly limit: number
  readonly offset: number
}

export interface EligibleFilter {
  readonly userIds?: ReadonlyArray<string> | undefined
  readonly sport?: Sport | undefined
  readonly from: Date
  readonly to: Date
}

export interface SportSummary {
  readonly sport: Sport
  readonly activityCount: number
  readonly distanceMeters: number
}

/**
 * Activities, their tracks and their audit. Create and update serialise per athlete and refuse an
 * overlap with another of the athlete's activities; every write appends its audit row in the same
 * transaction.
 */
export class ActivityRepo extends Context.Tag("@podium/core/activities/ActivityRepo")<ActivityRepo, {
  readonly create: (input: NewActivity, points: ReadonlyArray<TrackPoint>, fingerprint: string | null, editor: Editor) => Effect.Effect<Activity, ActivityOverlaps>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Activity>>
  readonly points: (id: string) => Effect.Effect<ReadonlyArray<TrackPoint>>
  readonly listByUser: (userId: string, page: { readonly limit: number; readonly offset: number; readonly sport?: Sport | undefined }) => Effect.Effect<Page<Activity>>
  /** Writes the given fields only; the audit row lists each changed field's old and new value. */
  readonly update: (id: string, patch: ActivityPatch, editor: Editor) => Effect.Effect<Activity, ActivityNotFound | ActivityOverlaps>
  readonly remove: (id: string, editor: Editor) => Effect.Effect<void, ActivityNotFound>
  /** Whether another athlete has an activity with this track fingerprint. */
  readonly trackTakenByAnother: (fingerprint: string, userId: string) => Effect.Effect<boolean>
  /** Activities without a blocking enforced flag, started within [from, to). */
  readonly listEligible: (filter: EligibleFilter) => Effect.Effect<ReadonlyArray<Activity>>
  readonly audit: (activityId: string, filter: AuditFilter) => Effect.Effect<Page<ActivityAuditEntry>>
  readonly sportsOf: (userId: string) => Effect.Effect<ReadonlyArray<SportSummary>>
}>() {}

export interface FlagFilter {
  readonly userId?: string | undefined
  /** Flags of any of these accounts (an event's participants). */
  readonly userIds?: ReadonlyArray<string> | undefined
  /** Flags on activities started in this window (an event's days). */
  readonly activityStartedBetween?: { readonly from: Date; readonly to: Date } | undefined
  readonly activityId?: string | undefined
  readonly mode?: "shadow" | "enforce" | undefined
  readonly statuses?: ReadonlyArray<FlagStatus> | undefined
  readonly limit: number
  readonly offset: number
  /** Oldest first (a review queue) instead of newest first. */
  readonly oldestFirst?: boolean
}

export interface AppealFilter {
  readonly userId?: string | undefined
  readonly status?: AppealStatus | undefined
  readonly limit: number
  readonly offset: number
}

/** A decision on a flag or an appeal, by an admin, with the reason shown to the athlete. */
export interface Decision {
  readonly adminId: string
  readonly reason: string
}

/**
 * Anti-cheat governance, flags, responses and appeals. Every move is one conditional update
 * (`applyMove`), so of two concurrent decisions one wins and the other is refused; moves that end
 * or start a block recompute the activity's eligibility in the same transaction.
 */
export class AntiCheatRepo extends Context.Tag("@podium/core/activities/AntiCheatRepo")<AntiCheatRepo, {
  readonly governance: Effect.Effect<AntiCheatGovernance>
  readonly setMode: (mode: RuleMode) => Effect.Effect<AntiCheatGovernance>
  readonly updateRule: (key: string, patch: { readonly threshold?: number; readonly mode?: RuleMode }) => Effect.Effect<Option.Option<AntiCheatRule>>
  /** Records the findings on an activity; an enforced one makes it ineligible at once. */
  readonly raise: (activity: Activity, findings: ReadonlyArray<Finding>) => Effect.Effect<ReadonlyArray<AntiCheatFlag>>
  readonly findFlag: (id: string) => Effect.Effect<Option.Option<AntiCheatFlag>>
  readonly listFlags: (filter: FlagFilter) => Effect.Effect<Page<AntiCheatFlag>>
  readonly responses: (flagId: string) => Effect.Effect<ReadonlyArray<FlagResponse>>
  /** The athlete's one response: OPEN → RESPONDED with the message. */
  readonly respond: (flagId: string, userId: string, message: string) => Effect.Effect<FlagResponse, FlagNotFound | MoveRefused>
  /** The athlete's one appeal: the flag moves to APPEALED and the appeal is PENDING. */
  readonly appeal: (flagId: string, userId: string, reason: string) => Effect.Effect<ActivityAppeal, FlagNotFound | MoveRefused | AppealAlreadySubmitted>
  /** confirm or dismiss an undecided flag; dismiss restores the activity's eligibility. */
  readonly decideFlag: (flagId: string, move: "confirm" | "dismiss", decision: Decision) => Effect.Effect<AntiCheatFlag, FlagNotFound | MoveRefused>
  readonly findAppeal: (id: string) => Effect.Effect<Option.Option<ActivityAppeal>>
  readonly listAppeals: (filter: AppealFilter) => Effect.Effect<Page<ActivityAppeal>>
  /** uphold (the flag is dismissed, eligibility restored) or reject (the flag is confirmed). */
  readonly decideAppeal: (appealId: string, move: "uphold" | "reject", decision: Decision) => Effect.Effect<ActivityAppeal, AppealNotFound | MoveRefused>
}>() {}

/** Tracking preferences with the athlete's private random factor for the privacy trim (0..1). */
export class TrackingPreferencesRepo extends Context.Tag("@podium/core/activities/TrackingPreferencesRepo")<TrackingPreferencesRepo, {
  readonly get: (userId: string) => Effect.Effect<{ readonly preferences: TrackingPreferences; readonly privacySeed: number }>
  readonly update: (userId: string, patch: Partial<Omit<TrackingPreferences, "userId" | "updatedAt">>) => Effect.Effect<TrackingPreferences>
}>() {}

export interface NewRecipient {
  readonly name: string | null
  readonly channel: "sms" | "email"
  readonly contact: string
  readonly tokenHash: string
}

export interface ShareWithRecipients {
  readonly share: LiveShare
  readonly recipients: ReadonlyArray<LiveShareRecipient>
}

/**
 * Live-tracking shares. Create serialises per athlete and checks the active-share and 24-hour
 * invite limits inside the same transaction, so concurrent creates cannot pass them together.
 */
export class LiveShareRepo extends Context.Tag("@podium/core/activities/LiveShareRepo")<LiveShareRepo, {
  readonly create: (
    userId: string,
    input: { readonly activityId: string | null; readonly expiresAt: Date; readonly recipients: ReadonlyArray<NewRecipient> },
    limits: { readonly activeShares: number; readonly invitesPerDay: number }
  ) => Effect.Effect<ShareWithRecipients, ActiveShareLimit | InviteLimit>
  readonly findById: (id: string) => Effect.Effect<Option.Option<LiveShare>>
  /** ACTIVE shares not yet expired, newest first. */
  readonly listActive: (userId: string) => Effect.Effect<ReadonlyArray<ShareWithRecipients>>
  readonly recipients: (shareId: string) => Effect.Effect<ReadonlyArray<LiveShareRecipient>>
  /** ACTIVE → CANCELLED, revoking every recipient's token in the same transaction. */
  readonly cancel: (id: string) => Effect.Effect<LiveShare, LiveShareNotFound | MoveRefused>
  /** The share a recipient's token opens while it is active, unrevoked and unexpired. */
  readonly openByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<LiveShare>>
}>() {}

export type GearInput = Pick<Gear, "gearTypeId" | "name" | "brand" | "model" | "initialDistanceMeters" | "maxDistanceMeters" | "retired">

/** An athlete's gear; distance and activity count are summed from the activities that name it. */
export class GearRepo extends Context.Tag("@podium/core/activities/GearRepo")<GearRepo, {
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<Gear>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Gear>>
  readonly create: (userId: string, input: GearInput) => Effect.Effect<Gear>
  readonly update: (id: string, patch: Partial<GearInput>) => Effect.Effect<Gear, GearNotFound>
  readonly remove: (id: string) => Effect.Effect<void, GearNotFound>
}>() {}
