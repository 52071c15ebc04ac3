/**
 * Club runs: scheduling by club staff, the member-visible list, detail and calendar, RSVP, and the
 * admin attendance operations (B "Attendance"). Reads follow the club's own visibility (`getClub`).
 */
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditClub, getClub } from "./club.use-case.js"
import { ClubRunNotFound, type ClubRun, type RsvpStatus, RunClosed, RunInputInvalid, type RunStatus } from "./run.model.js"
import { ClubRunRepo } from "./run.port.js"

export interface ScheduleRunInput {
  readonly title: string
  readonly description?: string | undefined
  readonly sportId?: string | undefined
  readonly startsAt: Date
  readonly endsAt?: Date | undefined
  readonly meetingPoint?: string | undefined
  readonly distanceKm?: number | undefined
  readonly capacity?: number | undefined
}

/** Default length of a run when `endsAt` is not given. */
const DefaultRunMinutes = 90

export const scheduleRun = Effect.fn("clubs.runs.schedule")(function*(principal: Principal, clubId: string, input: ScheduleRunInput) {
  const now = new Date(yield* Clock.currentTimeMillis)
  const endsAt = input.endsAt ?? new Date(input.startsAt.getTime() + DefaultRunMinutes * 60_000)
  const messages: Array<string> = []
  if (input.startsAt.getTime() <= now.getTime()) messages.push("startsAt must be in the future")
  if (endsAt.getTime() <= input.startsAt.getTime()) messages.push("endsAt must be after startsAt")
  if (endsAt.getTime() - input.startsAt.getTime() > 24 * 3_600_000) messages.push("a run lasts at most 24 hours")
  if (messages.length > 0) return yield* new RunInputInvalid({ messages })
  const run = yield* Effect.flatMap(ClubRunRepo, (r) =>
    r.create({
      clubId,
      title: input.title.trim(),
      description: input.description ?? null,
      sportId: input.sportId ?? null,
      startsAt: input.startsAt,
      endsAt,
      meetingPoint: input.meetingPoint ?? null,
      distanceKm: input.distanceKm ?? null,
      capacity: input.capacity ?? null,
      createdBy: principal.accountId
    }))
  yield* auditClub("club.run.scheduled", principal, clubId, { data: { runId: run.id } })
  return run
})

export interface RunDetail {
  readonly run: ClubRun
  readonly counts: { readonly going: number; readonly maybe: number; readonly notGoing: number }
  readonly myRsvp: RsvpStatus | null
}

const withCounts = (runs: ReadonlyArray<ClubRun>, principal: Principal | undefined) =>
  Effect.gen(function*() {
    const repo = yield* ClubRunRepo
    const counts = yield* repo.counts(runs.map((r) => r.id))
    return yield* Effect.forEach(runs, (run) =>
      Effect.map(
        principal?.accountKind === "user" ? repo.rsvpOf(run.id, principal.accountId) : Effect.succeed(Option.none<RsvpStatus>()),
        (mine): RunDetail => ({ run, counts: counts.get(run.id) ?? { going: 0, maybe: 0, notGoing: 0 }, myRsvp: Option.getOrNull(mine) })
      ))
  })

/** A club's runs (default: upcoming, i.e. starting from now), soonest first. */
export const listRuns = Effect.fn("clubs.runs.list")(function*(
  principal: Principal | undefined,
  clubId: string,
  input: { readonly status?: RunStatus | undefined; readonly from?: Date | undefined; readonly to?: Date | undefined; readonly limit: number; readonly page: number }
) {
  const club = yield* getClub(principal, clubId)
  const now = new Date(yield* Clock.currentTimeMillis)
  const found = yield* Effect.flatMap(ClubRunRepo, (r) =>
    r.list({
      clubId: club.id,
      ...(input.status === undefined ? {} : { status: input.status }),
      from: input.from ?? (input.status === undefined ? now : new Date(0)),
      ...(input.to === undefined ? {} : { to: input.to }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit
    }))
  return { items: yield* withCounts(found.items, principal), total: found.total, page: input.page, limit: input.limit }
})

const runOfClub = (clubId: string, runId: string) =>
  Effect.gen(function*() {
    const run = yield* Effect.flatMap(ClubRunRepo, (r) => r.findById(runId))
    if (Option.isNone(run) || run.value.clubId !== clubId) return yield* new ClubRunNotFound({ runId })
    return run.value
  })

export const getRun = Effect.fn("clubs.runs.get")(function*(principal: Principal | undefined, clubId: string, runId: string) {
  const club = yield* getClub(principal, clubId)
  const run = yield* runOfClub(club.id, runId)
  return (yield* withCounts([run], principal))[0]!
})

/** The runs of one UTC month (`YYYY-MM`, default the current month), grouped by UTC date. */
export const runCalendar = Effect.fn("clubs.runs.calendar")(function*(principal: Principal | undefined, clubId: string, month: string | undefined) {
  const club = yield* getClub(principal, clubId)
  const now = new Date(yield* Clock.currentTimeMillis)
  const key = month ?? now.toISOString().slice(0, 7)
  const [year, monthIndex] = key.split("-").map(Number) as [number, number]
  const from = new Date(Date.UTC(year, monthIndex - 1, 1))
  const to = new Date(Date.UTC(year, monthIndex, 1))
  const found = yield* Effect.flatMap(ClubRunRepo, (r) => r.list({ clubId: club.id, from, to, limit: 500, offset: 0 }))
  const days = new Map<string, Array<ClubRun>>()
  for (const run of found.items) {
    const day = run.startsAt.toISOString().slice(0, 10)
    days.set(day, [...(days.get(day) ?? []), run])
  }
  return { month: key, days: [...days.entries()].map(([date, runs]) => ({ date, runs })) }
})

/** The caller's RSVP (an ACTIVE member): only while the run is SCHEDULED and has not started. */
export const rsvp = Effect.fn("clubs.runs.rsvp")(function*(principal: Principal, clubId: string, runId: string, status: RsvpStatus) {
  const run = yield* runOfClub(clubId, runId)
  const now = yield* Clock.currentTimeMillis
  if (run.status !== "SCHEDULED" || run.startsAt.getTime() <= now) return yield* new RunClosed({ runId, status: run.status })
  const counts = yield* Effect.flatMap(ClubRunRepo, (r) => r.setRsvp(run, principal.accountId, status))
  return { runId, status, counts }
})

/** Every club's runs for admins, soonest first, optionally of one club, status and time window. */
export const adminListRuns = Effect.fn("clubs.runs.adminList")(function*(input: {
  readonly clubId?: string | undefined
  readonly status?: RunStatus | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly limit: number
  readonly page: number
}) {
  const found = yield* Effect.flatMap(ClubRunRepo, (r) =>
    r.list({
      ...(input.clubId === undefined ? {} : { clubId: input.clubId }),
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.from === undefined ? {} : { from: input.from }),
      ...(input.to === undefined ? {} : { to: input.to }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit
    }))
  return { items: yield* withCounts(found.items, undefined), total: found.total, page: input.page, limit: input.limit }
})

const anyRun = (runId: string) =>
  Effect.flatMap(Effect.flatMap(ClubRunRepo, (r) => r.findById(runId)), Option.match({
    onNone: () => Effect.fail(new ClubRunNotFound({ runId })),
    onSome: Effect.succeed
  }))

export const runAttendance = Effect.fn("clubs.runs.attendance")(function*(runId: string) {
  const run = yield* anyRun(runId)
  const rows = yield* Effect.flatMap(ClubRunRepo, (r) => r.attendance(run.id))
  return { run, attendance: rows, present: rows.filter((a) => a.present).length }
})

export const markAttendance = Effect.fn("clubs.runs.markAttendance")(function*(
  admin: Principal,
  runId: string,
  userIds: ReadonlyArray<string>,
  present: boolean
) {
  const run = yield* anyRun(runId)
  const marked = yield* Effect.flatMap(ClubRunRepo, (r) => r.markManual(run.id, [...new Set(userIds)], present, admin.accountId))
  yield* auditClub("club.run.attendance_marked", admin, run.clubId, { data: { runId, marked, present } })
  return { runId, marked }
})

/** Runs the inference now (all ended runs, or one); safe to repeat and to run from two places at once. */
export const inferAttendance = Effect.fn("clubs.runs.inferAttendance")(function*(runId: string | null) {
  if (runId !== null) yield* anyRun(runId)
  const now = new Date(yield* Clock.currentTimeMillis)
  return yield* Effect.flatMap(ClubRunRepo, (r) => r.inferAttendance(now, runId))
})
