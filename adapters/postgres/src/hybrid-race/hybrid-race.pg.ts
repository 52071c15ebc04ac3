/** Hybrid race attempts on Postgres (migration 0107): every step is one conditional statement. */
import * as SqlClient from "@effect/sql/SqlClient"
import { HybridRace } from "@podium/core"
import { HybridPhotoCheck, HybridRaceAttempt, HybridRaceFlag } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

export const HybridRaceRepoPg = Layer.effect(HybridRace.HybridRaceRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const attempts = rowsOf(HybridRaceAttempt)
  const ranked = rowsOf(Schema.Struct({ ...HybridRaceAttempt.fields, rank: Schema.Number }))
  const withFlags = rowsOf(Schema.Struct({ ...HybridRaceAttempt.fields, flags: Schema.Array(HybridRaceFlag) }))
  const flagLists = rowsOf(Schema.Struct({ flags: Schema.Array(HybridRaceFlag) }))
  const places = rowsOf(Schema.Struct({ faster: Schema.Number, finishers: Schema.Number }))
  const attemptOf = <A extends HybridRaceAttempt>(row: A): HybridRaceAttempt => {
    const { flags: _f, rank: _r, ...attempt } = row as A & { flags?: unknown; rank?: unknown }
    return attempt
  }
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
      })),
    findById: (id) => attempts.maybe(sql`select ${cols} from hybrid_race.attempts where id = ${id}`),
    leaderboard: (eventId, offset, limit) =>
      Effect.all({
        rows: ranked.all(sql`select ${cols}, rank() over (order by elapsed_seconds)::int as rank
          from hybrid_race.attempts where event_id = ${eventId} and status = 'SUBMITTED'
          order by elapsed_seconds, submitted_at, id offset ${offset} limit ${limit}`),
        total: counts.one(sql`select count(*)::int as n from hybrid_race.attempts where event_id = ${eventId} and status = 'SUBMITTED'`)
      }).pipe(Effect.map(({ rows, total }) => ({ items: rows.map((r) => ({ attempt: attemptOf(r), rank: r.rank })), total: total.n }))),
    placeOf: (eventId, elapsedSeconds) =>
      Effect.map(
        places.one(sql`select count(*) filter (where elapsed_seconds < ${elapsedSeconds})::int as faster, count(*)::int as finishers
          from hybrid_race.attempts where event_id = ${eventId} and status = 'SUBMITTED'`),
        (p) => ({ rank: p.faster + 1, finishers: p.finishers })
      ),
    submittedSince: (since, max) =>
      attempts.all(sql`select ${cols} from hybrid_race.attempts where status = 'SUBMITTED' and submitted_at >= ${since}
        order by submitted_at desc, id limit ${max}`),
    setFlags: (id, flags) => Effect.asVoid(Effect.orDie(sql`update hybrid_race.attempts set flags = ${JSON.stringify(flags)}::jsonb where id = ${id}`)),
    flagsOf: (id) =>
      Effect.map(flagLists.maybe(sql`select flags from hybrid_race.attempts where id = ${id}`), Option.match({ onNone: () => [], onSome: (r) => r.flags })),
    flagged: (offset, limit) =>
      Effect.all({
        rows: withFlags.all(sql`select ${cols}, flags from hybrid_race.attempts where flags <> '[]'::jsonb
          order by finished_at desc, id offset ${offset} limit ${limit}`),
        total: counts.one(sql`select count(*)::int as n from hybrid_race.attempts where flags <> '[]'::jsonb`)
      }).pipe(Effect.map(({ rows, total }) => ({ items: rows.map((r) => ({ attempt: attemptOf(r), flags: r.flags })), total: total.n })))
  })
}))

/** Photo checks on Postgres (migration 0201): decisions and the appeal are conditional updates. */
export const HybridPhotoCheckRepoPg = Layer.effect(HybridRace.HybridPhotoCheckRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const checks = rowsOf(HybridPhotoCheck)
  const cols = sql`id, event_id, athlete_id, attempt_id, checkpoint_index, challenge_code, status, read_code, read_confidence, reason,
    appeal_reason, photo_key, expires_at, decided_at, appealed_at, created_at, updated_at`
  return HybridRace.HybridPhotoCheckRepo.of({
    create: (input, at) =>
      checks.one(sql`insert into hybrid_race.photo_checks (event_id, athlete_id, attempt_id, checkpoint_index, challenge_code, expires_at, created_at, updated_at)
        values (${input.eventId}, ${input.athleteId}, ${input.attemptId}, ${input.checkpointIndex}, ${input.challengeCode}, ${input.expiresAt}, ${at}, ${at})
        returning ${cols}`),
    find: (id) => checks.maybe(sql`select ${cols} from hybrid_race.photo_checks where id = ${id}`),
    latest: (eventId, athleteId) =>
      checks.maybe(sql`select ${cols} from hybrid_race.photo_checks where event_id = ${eventId} and athlete_id = ${athleteId}
        order by created_at desc, id desc limit 1`),
    move: (id, move, fields, at) =>
      applyMove(sql, {
        moves: HybridRace.PhotoCheckMoves,
        move,
        table: "hybrid_race.photo_checks",
        id,
        set: move === "appeal"
          ? sql`appeal_reason = ${fields.appealReason ?? null}, appealed_at = ${at}, updated_at = ${at}`
          : sql`read_code = ${fields.readCode ?? null}, read_confidence = ${fields.readConfidence ?? null}, reason = ${fields.reason ?? null},
              photo_key = ${fields.photoKey ?? null}, decided_at = ${at}, updated_at = ${at}`,
        returning: cols,
        rows: checks,
        notFound: () => new HybridRace.PhotoCheckNotFound({ ref: id })
      })
  })
}))
