/**
 * Publication of an event's results (C Events "results/publish|unpublish|state"): the organizer's
 * team publishes or withdraws them; each move is one conditional update with its audit row in the
 * same transaction, so two concurrent publishes cannot both win and no move goes unrecorded.
 */
import { Effect } from "effect"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { type OrganizerActor, organizerEvent } from "../registrations/organizer-bookings.use-case.js"
import { type EventResultsMove, ResultsEmpty } from "./results.model.js"
import { ResultsRepo } from "./results.port.js"

export const eventResultsState = Effect.fn("results.state")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(ResultsRepo, (r) => r.state(eventId))
})

const moveResults = (move: EventResultsMove) =>
  Effect.fn(`results.${move}`)(function*(who: OrganizerActor, eventId: string) {
    yield* organizerEvent(who, eventId)
    const repo = yield* ResultsRepo
    if (move === "publish" && (yield* repo.state(eventId)).finishers === 0) return yield* new ResultsEmpty({ eventId })
    const tx = yield* Transactor
    return yield* tx.atomically(Effect.gen(function*() {
      const state = yield* repo.move(eventId, move, who.actor, new Date())
      const [kind, id] = who.actor.split(":")
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: `results.${move}ed`,
          actor: { kind: kind!, id: id ?? null },
          subject: { kind: "event", id: eventId },
          data: { leaderboards: state.leaderboards, finishers: state.finishers }
        }))
      return state
    }))
  })

export const publishEventResults = moveResults("publish")
export const unpublishEventResults = moveResults("unpublish")
