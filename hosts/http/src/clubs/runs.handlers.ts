/** Handlers of the club runs groups: scheduling, reads, RSVP, and the admin attendance (`clubs.review`). */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { pageView } from "./club.view.js"
import { apiGroup } from "../serving/served-groups.js"

const runView = (d: Clubs.RunDetail) => ({
  id: d.run.id,
  clubId: d.run.clubId,
  title: d.run.title,
  description: d.run.description,
  sportId: d.run.sportId,
  startsAt: d.run.startsAt,
  endsAt: d.run.endsAt,
  meetingPoint: d.run.meetingPoint,
  distanceKm: d.run.distanceKm,
  capacity: d.run.capacity,
  status: d.run.status,
  rsvpCounts: d.counts,
  myRsvp: d.myRsvp
})

const noCounts = (run: Clubs.ClubRun): Clubs.RunDetail => ({ run, counts: { going: 0, maybe: 0, notGoing: 0 }, myRsvp: null })
const caller = Effect.map(Effect.serviceOption(CurrentPrincipal), Option.getOrUndefined)
const date = (s: string | undefined) => (s === undefined ? undefined : new Date(s))

export const ClubRunsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubRuns">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubRuns",
  (handlers) =>
    handlers
      .handle("scheduleRun", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) =>
          Clubs.scheduleRun(access.principal, access.clubId, { ...payload, startsAt: new Date(payload.startsAt), endsAt: date(payload.endsAt) })).pipe(
            Effect.map((run) => runView(noCounts(run)))
          ))
      .handle("clubRuns", ({ path, urlParams }) =>
        Effect.flatMap(caller, (principal) =>
          Clubs.listRuns(principal, path.id, { ...pageOf(urlParams), status: urlParams.status, from: date(urlParams.from), to: date(urlParams.to) })).pipe(
            Effect.map((found) => pageView(found, runView))
          ))
      .handle("clubRunCalendar", ({ path, urlParams }) =>
        Effect.flatMap(caller, (principal) => Clubs.runCalendar(principal, path.id, urlParams.month)).pipe(
          Effect.map((calendar) => ({ month: calendar.month, days: calendar.days.map((d) => ({ date: d.date, runs: d.runs.map((r) => runView(noCounts(r))) })) }))
        ))
      .handle("clubRun", ({ path }) =>
        Effect.flatMap(caller, (principal) => Clubs.getRun(principal, path.id, path.runId)).pipe(Effect.map(runView)))
      .handle("rsvpClubRun", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.rsvp(access.principal, access.clubId, path.runId, payload.status)).pipe(
          Effect.map((r) => ({ runId: r.runId, status: r.status, rsvpCounts: r.counts }))
        ))
)

export const AdminClubRunsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubRuns">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubRuns",
  (handlers) =>
    handlers
      .handle("adminClubRuns", ({ urlParams }) =>
        Clubs.adminListRuns({ ...pageOf(urlParams), clubId: urlParams.clubId, status: urlParams.status, from: date(urlParams.from), to: date(urlParams.to) }).pipe(Effect.map((found) => pageView(found, runView))))
      .handle("adminRunAttendance", ({ path }) =>
        Clubs.runAttendance(path.runId).pipe(Effect.map((a) => ({ run: runView(noCounts(a.run)), present: a.present, attendance: a.attendance }))))
      .handle("adminMarkAttendance", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.markAttendance(admin, path.runId, payload.userIds, payload.present ?? true)))
      .handle("adminInferAttendance", ({ payload }) =>
        Clubs.inferAttendance(payload.runId ?? null))
)
