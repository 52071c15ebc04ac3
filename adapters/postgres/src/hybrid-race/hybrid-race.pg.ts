/** Hybrid race attempts on Postgres (migration 0107): every step is one conditional statement. */
import * as SqlClient from "@effect/sql/SqlClient"
import { HybridRace } from "@podium/core"
import { HybridRaceAttempt } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { rowsOf } from "../rows.pg.js"

export const HybridRaceRepoPg = Layer.effect(HybridRace.HybridRaceRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const attempts = rowsOf(HybridRaceAttempt)
  const cols = sql`id, event_id, athlete_id, status, next_checkpoint, checkpoints, started_at, finished_at, submitted_at, elapsed_seconds, updated_at`
  const idOf = (eventId: string, athleteId: string) =>
    Effect.map(attempts.maybe(sql`select ${cols} from hybrid_race.attempts where event_id = ${eventId} and athlete_id = ${athleteId}`), Option.map((a) => a.id))
  return HybridRace.HybridRaceRepo.of({
    start: (eventId, athleteId, at) =>
      attempts.maybe(sql`insert into hybrid_race.attempts (event_id, athlete_id, started_at, updated_at)
        values (${eventId}, ${athleteId}, ${at}, ${at})
        on conflict (event_id, athlete_id) do nothing
        returning ${cols}`),
    find: (eventId, athleteId) => attempts.maybe(sql`select ${cols} from hybrid_race.attempts where event_id = ${eventId} and athlete_id = ${athleteId}`),
    checkpoint: (id, index, skipped, at) =>
      attempts.maybe(sql`update hybrid_race.attempts
        set next_checkpoint = next_checkpoint + 1,
          checkpoints = checkpoints || ${JSON.stringify([{ index, at: at.toISOString(), skipped }])}::jsonb,
          updated_at = ${at}
        where id = ${id} and status = 'RUNNING' and next_checkpoint = ${index}
        returning ${cols}`),
    move: (eventId, athleteId, move, at) =>
      Effect.flatMap(idOf(eventId, athleteId), Option.match({
        onNone: () => Effect.fail(new HybridRace.HybridRaceNotStarted({ eventId })),
        onSome: (id) =>
          applyMove(sql, {
            moves: HybridRace.HybridRaceMoves,
            move,
            table: "hybrid_race.attempts",
            id,
            set: move === "finish"
              ? sql`finished_at = ${at}, elapsed_seconds = floor(extract(epoch from (${at}::timestamptz - started_at)))::int, updated_at = ${at}`
              : sql`submitted_at = ${at}, updated_at = ${at}`,
            returning: cols,
            rows: attempts,
            notFound: () => new HybridRace.HybridRaceNotStarted({ eventId })
          })
      }))
  })
}))
