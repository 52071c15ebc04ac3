/**
 * Memory twins of the activities context, sharing one store per layer build as the Postgres
 * tables share one database: the same overlap refusal, audit rows, machines (the kernel's pure
 * `transition`), eligibility recomputation, limits and read-time gear distances.
 */
import type {
  Activity,
  ActivityAppeal,
  ActivityAuditEntry,
  AntiCheatFlag,
  AntiCheatRule,
  FlagResponse,
  Gear,
  LiveShare,
  LiveShareRecipient,
  MoveRefused,
  RuleMode,
  TrackingPreferences,
  TrackPoint
} from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { DefaultRules } from "../activities/anti-cheat.rules.js"
import {
  ActiveShareLimit,
  ActivityNotFound,
  ActivityOverlaps,
  AppealAlreadySubmitted,
  AppealMoves,
  AppealNotFound,
  BlockingFlagStatuses,
  FlagMoves,
  FlagNotFound,
  GearNotFound,
  InviteLimit,
  LiveShareMoves,
  LiveShareNotFound
} from "../activities/activity.model.js"
import {
  ActivityRepo,
  AntiCheatRepo,
  type Editor,
  GearRepo,
  type GearInput,
  LiveShareRepo,
  type ShareWithRecipients,
  TrackingPreferencesRepo
} from "../activities/activity.port.js"
import { GearTypeRepo, GearTypes } from "../activities/gear.use-case.js"
import { makeCollectionRepoMemory } from "./collection.memory.js"
import { nextMemoryId } from "./sequential-id.js"

interface StoredActivity {
  activity: Activity
  points: ReadonlyArray<TrackPoint>
  fingerprint: string | null
}

const startedWithin = (at: Date | undefined, window: { readonly from: Date; readonly to: Date }) =>
  at !== undefined && at.getTime() >= window.from.getTime() && at.getTime() < window.to.getTime()

const makeStore = () => ({
  activities: new Map<string, StoredActivity>(),
  audit: [] as Array<ActivityAuditEntry>,
  mode: { mode: "enforce" as RuleMode, updatedAt: new Date() },
  rules: new Map<string, AntiCheatRule>(DefaultRules.map((r) => [r.key, { ...r, updatedAt: new Date() }])),
  flags: new Map<string, AntiCheatFlag>(),
  responses: [] as Array<FlagResponse>,
  appeals: new Map<string, ActivityAppeal>(),
  preferences: new Map<string, { preferences: TrackingPreferences; privacySeed: number }>(),
  shares: new Map<string, LiveShare>(),
  recipients: [] as Array<LiveShareRecipient & { userId: string; tokenHash: string }>,
  gears: new Map<string, Omit<Gear, "distanceMeters" | "activityCount">>()
})
type Store = ReturnType<typeof makeStore>

const page = <A>(all: ReadonlyArray<A>, limit: number, offset: number) => ({ items: all.slice(offset, offset + limit), total: all.length })
const byNewest = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1)
const auditValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v)

const appendAudit = (store: Store, activityId: string, editor: { id: string | null; role: string }, action: ActivityAuditEntry["action"], changes: Record<string, unknown>) =>
  store.audit.push({ id: nextMemoryId(), activityId, editorId: editor.id, editorRole: editor.role, action, changes, at: new Date() })

const overlapping = (store: Store, userId: string, start: Date, end: Date, except: string | null) =>
  [...store.activities.values()].map((s) => s.activity)
    .filter((a) => a.userId === userId && a.id !== except && a.startedAt < end && a.endedAt > start)
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())[0]

const recompute = (store: Store, activityId: string, editor: { id: string | null; role: string }, why: Record<string, unknown>) => {
  const stored = store.activities.get(activityId)
  if (stored === undefined) return
  const eligible = ![...store.flags.values()].some((f) => f.activityId === activityId && f.mode === "enforce" && BlockingFlagStatuses.includes(f.status))
  if (eligible === stored.activity.eligible) return
  appendAudit(store, activityId, editor, eligible ? "restored" : "flagged", { eligible: { from: stored.activity.eligible, to: eligible }, ...why })
  stored.activity = { ...stored.activity, eligible, updatedAt: new Date() }
}

const activityRepo = (store: Store) =>
  ActivityRepo.of({
    create: (input, points, fingerprint, editor: Editor) =>
      Effect.suspend(() => {
        const other = overlapping(store, input.userId, input.startedAt, input.endedAt, null)
        if (other !== undefined) return Effect.fail(new ActivityOverlaps({ otherId: other.id }))
        const now = new Date()
        const activity: Activity = { ...input, id: nextMemoryId(), eligible: true, createdAt: now, updatedAt: now }
        store.activities.set(activity.id, { activity, points, fingerprint })
        appendAudit(store, activity.id, editor, "created", {
          sport: activity.sport,
          startedAt: activity.startedAt.toISOString(),
          durationSeconds: activity.durationSeconds,
          distanceMeters: activity.distanceMeters,
          source: activity.source
        })
        return Effect.succeed(activity)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.activities.get(id)?.activity)),
    points: (id) => Effect.sync(() => store.activities.get(id)?.points ?? []),
    listByUser: (userId, q) =>
      Effect.sync(() =>
        page(
          [...store.activities.values()].map((s) => s.activity)
            .filter((a) => a.userId === userId && (q.sport === undefined || a.sport === q.sport))
            .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || (a.id < b.id ? -1 : 1)),
          q.limit,
          q.offset
        )
      ),
    update: (id, patch, editor) =>
      Effect.suspend((): Effect.Effect<Activity, ActivityNotFound | ActivityOverlaps> => {
        const stored = store.activities.get(id)
        if (stored === undefined) return Effect.fail(new ActivityNotFound({ id }))
        const current = stored.activity
        const next = { ...current, ...patch }
        if (patch.startedAt !== undefined || patch.endedAt !== undefined) {
          const other = overlapping(store, current.userId, next.startedAt, next.endedAt, id)
          if (other !== undefined) return Effect.fail(new ActivityOverlaps({ otherId: other.id }))
        }
        const changes: Record<string, { from: unknown; to: unknown }> = {}
        for (const [key, value] of Object.entries(patch)) {
          const before = auditValue(current[key as keyof Activity])
          const after = auditValue(value)
          if (before !== after) changes[key] = { from: before, to: after }
        }
        if (Object.keys(changes).length === 0) return Effect.succeed(current)
        stored.activity = { ...next, updatedAt: new Date() }
        appendAudit(store, id, editor, "updated", changes)
        return Effect.succeed(stored.activity)
      }),
    remove: (id, editor) =>
      Effect.suspend(() => {
        const stored = store.activities.get(id)
        if (stored === undefined) return Effect.fail(new ActivityNotFound({ id }))
        store.activities.delete(id)
        for (const flag of [...store.flags.values()]) if (flag.activityId === id) store.flags.delete(flag.id)
        appendAudit(store, id, editor, "deleted", { title: stored.activity.title, startedAt: stored.activity.startedAt.toISOString() })
        return Effect.void
      }),
    trackTakenByAnother: (fingerprint, userId) =>
      Effect.sync(() => [...store.activities.values()].some((s) => s.fingerprint === fingerprint && s.activity.userId !== userId)),
    listEligible: (filter) =>
      Effect.sync(() =>
        [...store.activities.values()].map((s) => s.activity)
          .filter((a) =>
            a.eligible && a.startedAt >= filter.from && a.startedAt < filter.to && (filter.sport === undefined || a.sport === filter.sport) &&
            (filter.userIds === undefined || filter.userIds.includes(a.userId))
          )
          .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.id < b.id ? -1 : 1))
      ),
    audit: (activityId, f) =>
      Effect.sync(() =>
        page(
          store.audit.filter((e) =>
            e.activityId === activityId && (f.editorId === undefined || e.editorId === f.editorId) &&
            (f.role === undefined || e.editorRole === f.role) && (f.from === undefined || e.at >= f.from) && (f.to === undefined || e.at <= f.to)
          ).reverse().sort((a, b) => b.at.getTime() - a.at.getTime()),
          f.limit,
          f.offset
        )
      ),
    sportsOf: (userId) =>
      Effect.sync(() => {
        const by = new Map<Activity["sport"], { sport: Activity["sport"]; activityCount: number; distanceMeters: number }>()
        for (const { activity } of store.activities.values()) {
          if (activity.userId !== userId) continue
          const row = by.get(activity.sport) ?? { sport: activity.sport, activityCount: 0, distanceMeters: 0 }
          by.set(activity.sport, { ...row, activityCount: row.activityCount + 1, distanceMeters: row.distanceMeters + activity.distanceMeters })
        }
        return [...by.values()].sort((a, b) => b.activityCount - a.activityCount || b.distanceMeters - a.distanceMeters || (a.sport < b.sport ? -1 : 1))
      })
  })

const antiCheatRepo = (store: Store) => {
  const governance = Effect.sync(() => ({
    mode: store.mode.mode,
    updatedAt: store.mode.updatedAt,
    rules: [...store.rules.values()].sort((a, b) => (a.key < b.key ? -1 : 1))
  }))
  const moveFlag = (
    id: string,
    move: keyof typeof FlagMoves.table,
    decision?: { adminId: string; reason: string }
  ): Either.Either<AntiCheatFlag, FlagNotFound | MoveRefused> => {
    const flag = store.flags.get(id)
    if (flag === undefined) return Either.left(new FlagNotFound({ id }))
    return Either.map(FlagMoves.transition(flag.status, move), (status) => {
      const moved: AntiCheatFlag = {
        ...flag,
        status,
        updatedAt: new Date(),
        ...(decision === undefined ? {} : { decisionReason: decision.reason, decidedBy: decision.adminId, decidedAt: new Date() })
      }
      store.flags.set(id, moved)
      return moved
    })
  }
  const addResponse = (flagId: string, authorKind: "athlete" | "admin", authorId: string, message: string) => {
    const response: FlagResponse = { id: nextMemoryId(), flagId, authorKind, authorId, message, createdAt: new Date() }
    store.responses.push(response)
    return response
  }
  return AntiCheatRepo.of({
    governance,
    setMode: (mode) =>
      Effect.suspend(() => {
        store.mode = { mode, updatedAt: new Date() }
        return governance
      }),
    updateRule: (key, patch) =>
      Effect.sync(() => {
        const rule = store.rules.get(key)
        if (rule === undefined) return Option.none()
        const updated = { ...rule, ...patch, updatedAt: Object.keys(patch).length === 0 ? rule.updatedAt : new Date() }
        store.rules.set(key, updated)
        return Option.some(updated)
      }),
    raise: (activity, findings) =>
      Effect.sync(() => {
        const now = new Date()
        const raised = findings.map((f): AntiCheatFlag => ({
          id: nextMemoryId(),
          activityId: activity.id,
          userId: activity.userId,
          ruleKey: f.ruleKey,
          reason: f.reason,
          observed: f.observed,
          threshold: f.threshold,
          mode: f.mode,
          status: "OPEN",
          decisionReason: null,
          decidedBy: null,
          decidedAt: null,
          createdAt: now,
          updatedAt: now
        }))
        for (const flag of raised) store.flags.set(flag.id, flag)
        if (findings.some((f) => f.mode === "enforce")) {
          recompute(store, activity.id, { id: null, role: "system" }, { rules: findings.filter((f) => f.mode === "enforce").map((f) => f.ruleKey) })
        }
        return raised
      }),
    findFlag: (id) => Effect.sync(() => Option.fromNullable(store.flags.get(id))),
    listFlags: (f) =>
      Effect.sync(() => {
        const all = [...store.flags.values()].filter((flag) =>
          (f.userId === undefined || flag.userId === f.userId) && (f.activityId === undefined || flag.activityId === f.activityId) &&
          (f.userIds === undefined || f.userIds.includes(flag.userId)) &&
          (f.activityStartedBetween === undefined || startedWithin(store.activities.get(flag.activityId)?.activity.startedAt, f.activityStartedBetween)) &&
          (f.mode === undefined || flag.mode === f.mode) && (f.statuses === undefined || f.statuses.includes(flag.status))
        ).sort(byNewest)
        return page(f.oldestFirst === true ? all.reverse() : all, f.limit, f.offset)
      }),
    responses: (flagId) => Effect.sync(() => store.responses.filter((r) => r.flagId === flagId)),
    respond: (flagId, userId, message) =>
      Effect.suspend(() => {
        const moved = moveFlag(flagId, "respond")
        if (Either.isLeft(moved)) return Effect.fail(moved.left)
        return Effect.succeed(addResponse(flagId, "athlete", userId, message))
      }),
    appeal: (flagId, userId, reason) =>
      Effect.suspend((): Effect.Effect<ActivityAppeal, FlagNotFound | MoveRefused | AppealAlreadySubmitted> => {
        if ([...store.appeals.values()].some((a) => a.flagId === flagId)) return Effect.fail(new AppealAlreadySubmitted({ flagId }))
        const moved = moveFlag(flagId, "appeal")
        if (Either.isLeft(moved)) return Effect.fail(moved.left)
        const now = new Date()
        const appeal: ActivityAppeal = {
          id: nextMemoryId(),
          flagId,
          activityId: moved.right.activityId,
          userId,
          reason,
          status: "PENDING",
          decisionReason: null,
          decidedBy: null,
          decidedAt: null,
          createdAt: now,
          updatedAt: now
        }
        store.appeals.set(appeal.id, appeal)
        return Effect.succeed(appeal)
      }),
    decideFlag: (flagId, move, decision) =>
      Effect.suspend(() => {
        const moved = moveFlag(flagId, move, decision)
        if (Either.isLeft(moved)) return Effect.fail(moved.left)
        addResponse(flagId, "admin", decision.adminId, decision.reason)
        recompute(store, moved.right.activityId, { id: decision.adminId, role: "admin" }, { flagId, decision: move })
        return Effect.succeed(moved.right)
      }),
    findAppeal: (id) => Effect.sync(() => Option.fromNullable(store.appeals.get(id))),
    listAppeals: (f) =>
      Effect.sync(() =>
        page(
          [...store.appeals.values()].filter((a) => (f.userId === undefined || a.userId === f.userId) && (f.status === undefined || a.status === f.status))
            .sort(byNewest),
          f.limit,
          f.offset
        )
      ),
    decideAppeal: (appealId, move, decision) =>
      Effect.suspend((): Effect.Effect<ActivityAppeal, AppealNotFound | MoveRefused> => {
        const appeal = store.appeals.get(appealId)
        if (appeal === undefined) return Effect.fail(new AppealNotFound({ id: appealId }))
        const next = AppealMoves.transition(appeal.status, move)
        if (Either.isLeft(next)) return Effect.fail(next.left)
        const decided: ActivityAppeal = {
          ...appeal,
          status: next.right,
          decisionReason: decision.reason,
          decidedBy: decision.adminId,
          decidedAt: new Date(),
          updatedAt: new Date()
        }
        store.appeals.set(appealId, decided)
        const flagMoved = moveFlag(appeal.flagId, move === "uphold" ? "restore" : "uphold", decision)
        if (Either.isLeft(flagMoved)) return Effect.die(flagMoved.left)
        addResponse(appeal.flagId, "admin", decision.adminId, decision.reason)
        recompute(store, appeal.activityId, { id: decision.adminId, role: "admin" }, { appealId, decision: move })
        return Effect.succeed(decided)
      })
  })
}

const preferencesRepo = (store: Store) => {
  const get = (userId: string) => {
    let row = store.preferences.get(userId)
    if (row === undefined) {
      row = {
        preferences: { userId, defaultSport: "run", defaultVisibility: "public", privacyRadiusMeters: 200, autoPause: true, gpsIntervalSeconds: 1, updatedAt: null },
        privacySeed: Math.random()
      }
      store.preferences.set(userId, row)
    }
    return row
  }
  return TrackingPreferencesRepo.of({
    get: (userId) => Effect.sync(() => get(userId)),
    update: (userId, patch) =>
      Effect.sync(() => {
        const row = get(userId)
        row.preferences = { ...row.preferences, ...patch, updatedAt: Object.keys(patch).length === 0 ? row.preferences.updatedAt ?? new Date() : new Date() }
        return row.preferences
      })
  })
}

const liveShareRepo = (store: Store) => {
  const publicRecipient = ({ userId: _u, tokenHash: _t, ...r }: Store["recipients"][number]): LiveShareRecipient => r
  const recipientsOf = (shareId: string) => store.recipients.filter((r) => r.shareId === shareId).map(publicRecipient)
  const isActive = (s: LiveShare) => s.status === "ACTIVE" && s.expiresAt.getTime() > Date.now()
  return LiveShareRepo.of({
    create: (userId, input, limits) =>
      Effect.suspend((): Effect.Effect<ShareWithRecipients, ActiveShareLimit | InviteLimit> => {
        if ([...store.shares.values()].filter((s) => s.userId === userId && isActive(s)).length >= limits.activeShares) {
          return Effect.fail(new ActiveShareLimit({ limit: limits.activeShares }))
        }
        const since = Date.now() - 24 * 3_600_000
        const used = store.recipients.filter((r) => r.userId === userId && r.createdAt.getTime() > since).length
        if (used + input.recipients.length > limits.invitesPerDay) return Effect.fail(new InviteLimit({ limit: limits.invitesPerDay, used }))
        const now = new Date()
        const share: LiveShare = { id: nextMemoryId(), userId, activityId: input.activityId, status: "ACTIVE", expiresAt: input.expiresAt, cancelledAt: null, createdAt: now }
        store.shares.set(share.id, share)
        for (const r of input.recipients) {
          store.recipients.push({ id: nextMemoryId(), shareId: share.id, userId, name: r.name, channel: r.channel, contact: r.contact, tokenHash: r.tokenHash, revokedAt: null, createdAt: now })
        }
        return Effect.succeed({ share, recipients: recipientsOf(share.id) })
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.shares.get(id))),
    listActive: (userId) =>
      Effect.sync(() =>
        [...store.shares.values()].filter((s) => s.userId === userId && isActive(s)).sort(byNewest)
          .map((share) => ({ share, recipients: recipientsOf(share.id) }))
      ),
    recipients: (shareId) => Effect.sync(() => recipientsOf(shareId)),
    cancel: (id) =>
      Effect.suspend((): Effect.Effect<LiveShare, LiveShareNotFound | MoveRefused> => {
        const share = store.shares.get(id)
        if (share === undefined) return Effect.fail(new LiveShareNotFound({ id }))
        const next = LiveShareMoves.transition(share.status, "cancel")
        if (Either.isLeft(next)) return Effect.fail(next.left)
        const now = new Date()
        const cancelled: LiveShare = { ...share, status: next.right, cancelledAt: now }
        store.shares.set(id, cancelled)
        store.recipients = store.recipients.map((r) => (r.shareId === id && r.revokedAt === null ? { ...r, revokedAt: now } : r))
        return Effect.succeed(cancelled)
      }),
    openByTokenHash: (tokenHash) =>
      Effect.sync(() => {
        const recipient = store.recipients.find((r) => r.tokenHash === tokenHash && r.revokedAt === null)
        const share = recipient === undefined ? undefined : store.shares.get(recipient.shareId)
        return share !== undefined && isActive(share) ? Option.some(share) : Option.none()
      })
  })
}

const gearRepo = (store: Store) => {
  const view = (g: Omit<Gear, "distanceMeters" | "activityCount">): Gear => {
    const uses = [...store.activities.values()].filter((s) => s.activity.gearId === g.id)
    return { ...g, distanceMeters: g.initialDistanceMeters + uses.reduce((sum, s) => sum + s.activity.distanceMeters, 0), activityCount: uses.length }
  }
  return GearRepo.of({
    list: (userId) =>
      Effect.sync(() =>
        [...store.gears.values()].filter((g) => g.userId === userId)
          .sort((a, b) => Number(a.retired) - Number(b.retired) || byNewest(a, b)).map(view)
      ),
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(store.gears.get(id)), view)),
    create: (userId, input: GearInput) =>
      Effect.sync(() => {
        const now = new Date()
        const gear = { ...input, id: nextMemoryId(), userId, createdAt: now, updatedAt: now }
        store.gears.set(gear.id, gear)
        return view(gear)
      }),
    update: (id, patch) =>
      Effect.suspend(() => {
        const gear = store.gears.get(id)
        if (gear === undefined) return Effect.fail(new GearNotFound({ id }))
        const updated = { ...gear, ...patch, updatedAt: Object.keys(patch).length === 0 ? gear.updatedAt : new Date() }
        store.gears.set(id, updated)
        return Effect.succeed(view(updated))
      }),
    remove: (id) =>
      Effect.suspend(() => {
        if (!store.gears.delete(id)) return Effect.fail(new GearNotFound({ id }))
        for (const s of store.activities.values()) if (s.activity.gearId === id) s.activity = { ...s.activity, gearId: null }
        return Effect.void
      })
  })
}

/** Every activities repository on one fresh memory store. */
export const ActivitiesMemory = Layer.unwrapEffect(Effect.sync(() => {
  const store = makeStore()
  return Layer.mergeAll(
    Layer.succeed(ActivityRepo, activityRepo(store)),
    Layer.succeed(AntiCheatRepo, antiCheatRepo(store)),
    Layer.succeed(TrackingPreferencesRepo, preferencesRepo(store)),
    Layer.succeed(LiveShareRepo, liveShareRepo(store)),
    Layer.succeed(GearRepo, gearRepo(store)),
    Layer.sync(GearTypeRepo, () => makeCollectionRepoMemory(GearTypes))
  )
}))
