/** B "Hybrid race" edge cases: the attempts the rule table flagged when they finished, and one attempt's checks in full. */
import { Effect, Option } from "effect"
import { DisciplineFloors, flagsOf, segmentChecks } from "./edge-cases.model.js"
import { HybridResultNotFound } from "./hybrid-race.model.js"
import { HybridRaceRepo } from "./hybrid-race.port.js"

export const flaggedHybridResults = Effect.fn("hybridRace.edgeCases.flagged")(function*(paging: { readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(HybridRaceRepo, (r) => r.flagged((paging.page - 1) * paging.limit, paging.limit))
  return {
    items: found.items.map(({ attempt, flags }) => ({
      resultId: attempt.id,
      eventId: attempt.eventId,
      athleteId: attempt.athleteId,
      status: attempt.status,
      elapsedSeconds: attempt.elapsedSeconds,
      finishedAt: attempt.finishedAt,
      submittedAt: attempt.submittedAt,
      flags
    })),
    total: found.total,
    page: paging.page,
    limit: paging.limit
  }
})

/** One finished (or submitted) attempt against the rule table: every timed span with its floor, and the flags. */
export const hybridResultEdgeCases = Effect.fn("hybridRace.edgeCases.result")(function*(resultId: string) {
  const found = yield* Effect.flatMap(HybridRaceRepo, (r) => r.findById(resultId))
  if (Option.isNone(found) || found.value.status === "RUNNING") return yield* new HybridResultNotFound({ ref: resultId })
  const attempt = found.value
  const flags = flagsOf(attempt)
  return {
    resultId: attempt.id,
    eventId: attempt.eventId,
    athleteId: attempt.athleteId,
    status: attempt.status,
    elapsedSeconds: attempt.elapsedSeconds,
    startedAt: attempt.startedAt,
    finishedAt: attempt.finishedAt,
    submittedAt: attempt.submittedAt,
    flagged: flags.length > 0,
    flags,
    segments: segmentChecks(attempt),
    floors: Object.values(DisciplineFloors)
  }
})
