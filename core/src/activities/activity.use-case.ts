/**
 * Activities: create (by hand, or from an uploaded GPX, TCX or FIT file parsed in the request: files are
 * bounded at 10 MB by the contract, and the athlete wants the numbers in the answer), read, edit
 * (only the given fields are written), delete, the public view with the privacy trim, the
 * eligible-activities read other contexts use, and the admin's audit of an activity. Every new
 * or edited activity is checked by the anti-cheat rules in force.
 */
import type { Activity, ActivityDetail, PublicActivity, Sport } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { Upload } from "../media/file-type.model.js"
import { evaluate } from "./anti-cheat.rules.js"
import { ActivityInputInvalid, ActivityNotFound, isUuid } from "./activity.model.js"
import { ActivityRepo, type ActivityPatch, AntiCheatRepo, type AuditFilter, type EligibleFilter, type Editor, GearRepo, TrackingPreferencesRepo } from "./activity.port.js"
import { paceOf, parsedTrackMetrics, parseTrackFile, trackFingerprint, trimForPrivacy } from "./track.js"

export interface CreateActivityInput {
  readonly sport?: Sport | undefined
  readonly title?: string | undefined
  readonly description?: string | undefined
  readonly visibility?: "public" | "private" | undefined
  readonly gearId?: string | undefined
  readonly startedAt?: Date | undefined
  readonly durationSeconds?: number | undefined
  readonly distanceMeters?: number | undefined
  readonly elevationGainMeters?: number | undefined
  readonly file?: Upload | undefined
}

export type UpdateActivityInput = Partial<Pick<Activity, "sport" | "title" | "description" | "visibility" | "gearId" | "startedAt" | "durationSeconds" | "distanceMeters" | "elevationGainMeters">>

const editorOf = (principal: Principal): Editor => ({ id: principal.accountId, role: principal.role })

const sportTitle = (sport: Sport) => `${sport.charAt(0).toUpperCase()}${sport.slice(1)}`

const checkGear = Effect.fn("activities.checkGear")(function*(userId: string, gearId: string | null | undefined) {
  if (gearId === undefined || gearId === null) return
  const gear = yield* Effect.flatMap(GearRepo, (r) => r.findById(gearId))
  if (Option.isNone(gear) || gear.value.userId !== userId) return yield* new ActivityInputInvalid({ messages: ["gearId must be one of your gears"] })
})

/** Runs the rules in force on an activity and records what they find (flags only rules not yet flagged on it). */
const screen = Effect.fn("activities.screen")(function*(activity: Activity, fingerprint: string | null) {
  const antiCheat = yield* AntiCheatRepo
  const repo = yield* ActivityRepo
  const governance = yield* antiCheat.governance
  const points = yield* repo.points(activity.id)
  const duplicateOfAnother = fingerprint === null ? false : yield* repo.trackTakenByAnother(fingerprint, activity.userId)
  const findings = evaluate(governance.mode, governance.rules, {
    sport: activity.sport,
    distanceMeters: activity.distanceMeters,
    durationSeconds: activity.durationSeconds,
    points,
    duplicateOfAnother
  })
  if (findings.length === 0) return activity
  const existing = yield* antiCheat.listFlags({ activityId: activity.id, limit: 100, offset: 0 })
  const fresh = findings.filter((f) => !existing.items.some((flag) => flag.ruleKey === f.ruleKey && flag.status !== "DISMISSED"))
  if (fresh.length === 0) return activity
  yield* antiCheat.raise(activity, fresh)
  return Option.getOrElse(yield* repo.findById(activity.id), () => activity)
})

/** Creates an activity by hand or from a GPX, TCX or FIT file; refuses an overlap with the athlete's others (409). */
export const createActivity = Effect.fn("activities.create")(function*(principal: Principal, input: CreateActivityInput) {
  const userId = principal.accountId
  const { preferences } = yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.get(userId))
  yield* checkGear(userId, input.gearId)
  const sport = input.sport ?? preferences.defaultSport
  let points: ReadonlyArray<ActivityDetail["points"][number]> = []
  let startedAt = input.startedAt
  let durationSeconds = input.durationSeconds
  let distanceMeters = input.distanceMeters
  let elevationGainMeters = input.elevationGainMeters ?? 0
  let source: Activity["source"] = "manual"
  if (input.file !== undefined) {
    const parsed = parseTrackFile(input.file.bytes)
    if ("error" in parsed) return yield* new ActivityInputInvalid({ messages: [parsed.error] })
    points = parsed.points
    source = parsed.format
    const metrics = parsedTrackMetrics(parsed)
    startedAt = metrics.startedAt ?? startedAt
    durationSeconds = metrics.durationSeconds !== null && metrics.durationSeconds > 0 ? metrics.durationSeconds : durationSeconds
    distanceMeters = metrics.distanceMeters
    elevationGainMeters = metrics.elevationGainMeters
  }
  const missing: Array<string> = []
  if (startedAt === undefined) missing.push("startedAt must be a valid ISO 8601 date string")
  if (durationSeconds === undefined) missing.push("durationSeconds must be an integer between 1 and 604800")
  if (distanceMeters === undefined) missing.push("distanceMeters must be a number between 0 and 1000000")
  if (startedAt === undefined || durationSeconds === undefined || distanceMeters === undefined) {
    return yield* new ActivityInputInvalid({ messages: missing })
  }
  if (distanceMeters > 1_000_000 || durationSeconds > 604_800) {
    return yield* new ActivityInputInvalid({ messages: ["file must hold an activity of at most 1000 km and 7 days"] })
  }
  const fingerprint = trackFingerprint(points)
  const created = yield* Effect.flatMap(ActivityRepo, (r) =>
    r.create({
      userId,
      sport,
      title: input.title ?? `${sportTitle(sport)} activity`,
      description: input.description ?? null,
      visibility: input.visibility ?? preferences.defaultVisibility,
      source,
      startedAt,
      endedAt: new Date(startedAt.getTime() + durationSeconds * 1000),
      durationSeconds,
      distanceMeters,
      elevationGainMeters,
      paceSecondsPerKm: paceOf(durationSeconds, distanceMeters),
      pointCount: points.length,
      gearId: input.gearId ?? null
    }, points, fingerprint, editorOf(principal)))
  const screened = yield* screen(created, fingerprint)
  return { ...screened, points } satisfies ActivityDetail
})

/** The caller's own activity (404 for anyone else's: its existence is not disclosed). */
export const ownActivity = Effect.fn("activities.own")(function*(principal: Principal, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(ActivityRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new ActivityNotFound({ id })
  return found.value
})

export const getActivity = Effect.fn("activities.get")(function*(principal: Principal, id: string) {
  const activity = yield* ownActivity(principal, id)
  const points = yield* Effect.flatMap(ActivityRepo, (r) => r.points(id))
  return { ...activity, points } satisfies ActivityDetail
})

export const listActivities = (principal: Principal, page: { readonly limit: number; readonly offset: number; readonly sport?: Sport | undefined }) =>
  Effect.flatMap(ActivityRepo, (r) => r.listByUser(principal.accountId, page))

/**
 * Writes only the given fields. A recorded track's time, duration and distance come from the file
 * and are not edited; a manual activity's end and pace follow its new start, duration and distance.
 */
export const updateActivity = Effect.fn("activities.update")(function*(principal: Principal, id: string, input: UpdateActivityInput) {
  const current = yield* ownActivity(principal, id)
  if (current.source !== "manual") {
    const fixed = (["startedAt", "durationSeconds", "distanceMeters", "elevationGainMeters"] as const).filter((k) => input[k] !== undefined)
    if (fixed.length > 0) return yield* new ActivityInputInvalid({ messages: fixed.map((k) => `${k} cannot be changed on a recorded GPS track`) })
  }
  yield* checkGear(principal.accountId, input.gearId)
  const patch: { -readonly [K in keyof ActivityPatch]: ActivityPatch[K] } = {}
  for (const key of ["sport", "title", "description", "visibility", "gearId", "startedAt", "durationSeconds", "distanceMeters", "elevationGainMeters"] as const) {
    if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key]
  }
  if (input.startedAt !== undefined || input.durationSeconds !== undefined) {
    const start = input.startedAt ?? current.startedAt
    patch.endedAt = new Date(start.getTime() + (input.durationSeconds ?? current.durationSeconds) * 1000)
  }
  if (input.durationSeconds !== undefined || input.distanceMeters !== undefined) {
    patch.paceSecondsPerKm = paceOf(input.durationSeconds ?? current.durationSeconds, input.distanceMeters ?? current.distanceMeters)
  }
  const updated = yield* Effect.flatMap(ActivityRepo, (r) => r.update(id, patch, editorOf(principal)))
  const screened = input.sport !== undefined || input.durationSeconds !== undefined || input.distanceMeters !== undefined
    ? yield* screen(updated, null)
    : updated
  return screened
})

export const deleteActivity = Effect.fn("activities.delete")(function*(principal: Principal, id: string) {
  yield* ownActivity(principal, id)
  yield* Effect.flatMap(ActivityRepo, (r) => r.remove(id, editorOf(principal)))
  return { id, deleted: true as const }
})

/** A public activity as anyone sees it: the start and end of its track hidden within the athlete's radius. */
export const publicActivity = Effect.fn("activities.public")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(ActivityRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.visibility !== "public") return yield* new ActivityNotFound({ id })
  const a = found.value
  const { preferences, privacySeed } = yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.get(a.userId))
  const trimmed = trimForPrivacy(yield* Effect.flatMap(ActivityRepo, (r) => r.points(id)), preferences.privacyRadiusMeters, privacySeed)
  return {
    id: a.id,
    userId: a.userId,
    sport: a.sport,
    title: a.title,
    description: a.description,
    startedAt: a.startedAt,
    durationSeconds: a.durationSeconds,
    distanceMeters: a.distanceMeters,
    elevationGainMeters: a.elevationGainMeters,
    paceSecondsPerKm: a.paceSecondsPerKm,
    points: trimmed.points,
    hiddenPointCount: trimmed.hidden
  } satisfies PublicActivity
})

/**
 * The activities that count: started within [from, to) and not held out by an enforced anti-cheat
 * flag. Leaderboards and challenge progress read activities through this, so a flag removes an
 * activity from them at once and an upheld appeal restores it.
 */
export const eligibleActivities = (filter: EligibleFilter) => Effect.flatMap(ActivityRepo, (r) => r.listEligible(filter))

/** The audit of one activity (admin), filtered by editor, role and date range. */
export const activityAudit = Effect.fn("activities.audit")(function*(activityId: string, filter: AuditFilter) {
  if (!isUuid(activityId)) return yield* new ActivityNotFound({ id: activityId })
  return yield* Effect.flatMap(ActivityRepo, (r) => r.audit(activityId, filter))
})

/** The athlete's sports, most practised first; the default sport of their preferences is always listed. */
export const preferredSports = Effect.fn("activities.preferredSports")(function*(principal: Principal) {
  const sports = yield* Effect.flatMap(ActivityRepo, (r) => r.sportsOf(principal.accountId))
  const { preferences } = yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.get(principal.accountId))
  const listed = sports.some((s) => s.sport === preferences.defaultSport)
    ? sports
    : [...sports, { sport: preferences.defaultSport, activityCount: 0, distanceMeters: 0 }]
  return listed.map((s) => ({ ...s, isDefault: s.sport === preferences.defaultSport }))
})
