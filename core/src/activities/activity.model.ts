/**
 * The activities context's facts: its errors (each with its public meaning) and its state
 * machines as tables (states.tsv rows "Anti-cheat flag", "Anti-cheat flag / appeal", "Activity",
 * "Live-tracking share").
 */
import { type AppealStatus, defineMoves, DomainError, type FlagStatus, type LiveShareStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * A flag: the athlete may respond once (OPEN → RESPONDED) and appeal once (from OPEN, RESPONDED or
 * a CONFIRMED decision); an admin confirms or dismisses an undecided flag; the appeal's decision
 * moves an APPEALED flag to DISMISSED (upheld) or CONFIRMED (rejected).
 */
export const FlagMoves = defineMoves<FlagStatus>()({ machine: "anti-cheat flag", code: "FLAG_STATE_CONFLICT" }, {
  respond: { from: ["OPEN"], to: "RESPONDED" },
  appeal: { from: ["OPEN", "RESPONDED", "CONFIRMED"], to: "APPEALED" },
  confirm: { from: ["OPEN", "RESPONDED"], to: "CONFIRMED" },
  dismiss: { from: ["OPEN", "RESPONDED"], to: "DISMISSED" },
  restore: { from: ["APPEALED"], to: "DISMISSED" },
  uphold: { from: ["APPEALED"], to: "CONFIRMED" }
})
export type FlagMove = keyof typeof FlagMoves.table

/** An appeal is decided once: upheld (the flag is dismissed) or rejected (the flag stands). */
export const AppealMoves = defineMoves<AppealStatus>()({ machine: "appeal", code: "APPEAL_ALREADY_DECIDED" }, {
  uphold: { from: ["PENDING"], to: "UPHELD" },
  reject: { from: ["PENDING"], to: "REJECTED" }
})

export const LiveShareMoves = defineMoves<LiveShareStatus>()({ machine: "live-tracking share", code: "LIVE_SHARE_NOT_ACTIVE" }, {
  cancel: { from: ["ACTIVE"], to: "CANCELLED" }
})

/** Flag statuses that hold an enforced flag's activity out of leaderboards and challenge progress. */
export const BlockingFlagStatuses: ReadonlyArray<FlagStatus> = ["OPEN", "RESPONDED", "APPEALED", "CONFIRMED"]

/** Live-tracking limits (A section 8). */
export const LiveTrackingLimits = { recipientsPerShare: 5, activeSharesPerAthlete: 3, invitesPerDay: 20 } as const

export class ActivityNotFound extends DomainError<ActivityNotFound>()("ActivityNotFound", { kind: "not-found", code: "ACTIVITY_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Activity not found"
  }
}

/** The athlete already has an activity in that time (409 ACTIVITY_OVERLAPS). */
export class ActivityOverlaps extends DomainError<ActivityOverlaps>()("ActivityOverlaps", { kind: "conflict", code: "ACTIVITY_OVERLAPS" }, {
  otherId: Schema.String
}) {
  override get message() {
    return `This activity overlaps activity ${this.otherId} of the same athlete`
  }
}

/** Input failures found after decoding (missing manual fields, a file that is not GPX): 400 with the list. */
export class ActivityInputInvalid extends DomainError<ActivityInputInvalid>()("ActivityInputInvalid", {
  kind: "invalid",
  messages: (e) => e.messages
}, { messages: Schema.Array(Schema.String) }) {}

export class FlagNotFound extends DomainError<FlagNotFound>()("FlagNotFound", { kind: "not-found", code: "FLAG_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Anti-cheat flag not found"
  }
}

export class AppealNotFound extends DomainError<AppealNotFound>()("AppealNotFound", { kind: "not-found", code: "APPEAL_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Appeal not found"
  }
}

/** A flag is appealed once (409 APPEAL_ALREADY_SUBMITTED). */
export class AppealAlreadySubmitted extends DomainError<AppealAlreadySubmitted>()("AppealAlreadySubmitted", {
  kind: "conflict",
  code: "APPEAL_ALREADY_SUBMITTED"
}, { flagId: Schema.String }) {
  override get message() {
    return "This flag has already been appealed"
  }
}

/** The activity has no flag that can be appealed (409 NOTHING_TO_APPEAL). */
export class NothingToAppeal extends DomainError<NothingToAppeal>()("NothingToAppeal", { kind: "conflict", code: "NOTHING_TO_APPEAL" }, {
  activityId: Schema.String
}) {
  override get message() {
    return "This activity has no anti-cheat flag that can be appealed"
  }
}

export class RuleNotFound extends DomainError<RuleNotFound>()("RuleNotFound", { kind: "not-found", code: "ANTI_CHEAT_RULE_NOT_FOUND" }, {
  key: Schema.String
}) {
  override get message() {
    return `No anti-cheat rule ${this.key}`
  }
}

/** Another user's resource through a user-scoped path (403). */
export class NotYourAccount extends DomainError<NotYourAccount>()("NotYourAccount", { kind: "forbidden", message: "Access Denied" }) {}

/** Live signals are ingested at a bounded rate per athlete (429). */
export class LiveSignalsRateLimited extends DomainError<LiveSignalsRateLimited>()("LiveSignalsRateLimited", {
  kind: "rate-limited",
  code: "LIVE_SIGNALS_RATE_LIMITED"
}, { retryAfterMs: Schema.Number }) {
  override get message() {
    return "Too many live signal batches; slow down"
  }
}

export class LiveShareNotFound extends DomainError<LiveShareNotFound>()("LiveShareNotFound", { kind: "not-found", code: "LIVE_SHARE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Live-tracking share not found"
  }
}

/** At most 3 active shares per athlete (409 LIVE_SHARE_LIMIT_REACHED). */
export class ActiveShareLimit extends DomainError<ActiveShareLimit>()("ActiveShareLimit", { kind: "conflict", code: "LIVE_SHARE_LIMIT_REACHED" }, {
  limit: Schema.Number
}) {
  override get message() {
    return `At most ${this.limit} live-tracking shares may be active at once; cancel one first`
  }
}

/** At most 20 invites per 24 hours (429 LIVE_SHARE_INVITE_LIMIT). */
export class InviteLimit extends DomainError<InviteLimit>()("InviteLimit", { kind: "rate-limited", code: "LIVE_SHARE_INVITE_LIMIT" }, {
  limit: Schema.Number,
  used: Schema.Number
}) {
  override get message() {
    return `At most ${this.limit} live-tracking invites may be sent in 24 hours (${this.used} sent)`
  }
}

export class GearNotFound extends DomainError<GearNotFound>()("GearNotFound", { kind: "not-found", code: "GEAR_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Gear not found"
  }
}

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (s: string) => UuidPattern.test(s)
