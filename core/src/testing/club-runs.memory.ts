/** Memory twin of the club runs repository (same capacity and inference rules as ClubRunRepoPg). */
import { Effect, Layer, Option } from "effect"
import { type ClubRun, type RsvpCounts, type RsvpStatus, type RunAttendance, RunFull } from "../clubs/run.model.js"
import { ClubRunRepo } from "../clubs/run.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ClubRunRepoMemory = Layer.sync(ClubRunRepo, () => {
  const runs = new Map<string, ClubRun>()
  const rsvps = new Map<string, Map<string, RsvpStatus>>()
  const marks = new Map<string, Map<string, RunAttendance>>()
  const countsOf = (runId: string): RsvpCounts => {
    const all = [...(rsvps.get(runId)?.values() ?? [])]
    return { going: all.filter((s) => s === "GOING").length, maybe: all.filter((s) => s === "MAYBE").length, notGoing: all.filter((s) => s === "NOT_GOING").length }
  }
  const marksOf = (runId: string) => marks.get(runId) ?? marks.set(runId, new Map()).get(runId)!
  return ClubRunRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const run: ClubRun = { id: nextMemoryId(), ...input, status: "SCHEDULED", createdAt: now, updatedAt: now }
        runs.set(run.id, run)
        return run
      }),
    findById: (runId) => Effect.sync(() => Option.fromNullable(runs.get(runId))),
    list: (filter) =>
      Effect.sync(() => {
        const items = [...runs.values()]
          .filter((r) =>
            (filter.clubId === undefined || r.clubId === filter.clubId) &&
            (filter.status === undefined || r.status === filter.status) &&
            (filter.from === undefined || r.startsAt >= filter.from) &&
            (filter.to === undefined || r.startsAt < filter.to)
          )
          .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length }
      }),
    counts: (runIds) => Effect.sync(() => new Map(runIds.map((id) => [id, countsOf(id)]))),
    rsvpOf: (runId, userId) => Effect.sync(() => Option.fromNullable(rsvps.get(runId)?.get(userId))),
    setRsvp: (run, userId, status) =>
      Effect.suspend(() => {
        const answers = rsvps.get(run.id) ?? rsvps.set(run.id, new Map()).get(run.id)!
        const othersGoing = [...answers.entries()].filter(([u, s]) => u !== userId && s === "GOING").length
        if (status === "GOING" && run.capacity !== null && othersGoing >= run.capacity) {
          return Effect.fail(new RunFull({ runId: run.id, capacity: run.capacity }))
        }
        answers.set(userId, status)
        return Effect.succeed(countsOf(run.id))
      }),
    attendance: (runId) => Effect.sync(() => [...marksOf(runId).values()].sort((a, b) => a.markedAt.getTime() - b.markedAt.getTime())),
    markManual: (runId, userIds, present, markedBy) =>
      Effect.sync(() => {
        for (const userId of userIds) marksOf(runId).set(userId, { runId, userId, present, source: "MANUAL", markedBy, markedAt: new Date() })
        return userIds.length
      }),
    inferAttendance: (now, runId) =>
      Effect.sync(() => {
        const due = [...runs.values()].filter((r) => r.status === "SCHEDULED" && r.endsAt <= now && (runId === null || r.id === runId))
        let marked = 0
        for (const run of due) {
          for (const [userId, status] of rsvps.get(run.id) ?? []) {
            if (status !== "GOING" || marksOf(run.id).has(userId)) continue
            marksOf(run.id).set(userId, { runId: run.id, userId, present: true, source: "INFERRED", markedBy: null, markedAt: now })
            marked++
          }
          runs.set(run.id, { ...run, status: "COMPLETED", updatedAt: now })
        }
        return { runs: due.length, marked }
      }),
    setStatus: (runId, from, to) =>
      Effect.sync(() => {
        const run = runs.get(runId)
        if (run === undefined || run.status !== from) return Option.none()
        const next = { ...run, status: to, updatedAt: new Date() }
        runs.set(runId, next)
        return Option.some(next)
      })
  })
})
