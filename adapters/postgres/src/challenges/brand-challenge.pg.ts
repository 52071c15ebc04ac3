/** Clubs' brand challenge entries on Postgres (challenges.club_brand_entries; migration 0211). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ClubBrandChallengeEntry } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { rowsOf } from "../rows.pg.js"

export const ClubBrandEntryRepoPg = Layer.effect(Challenges.ClubBrandEntryRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const entries = rowsOf(ClubBrandChallengeEntry)
  const find = (clubId: string, challengeId: string) =>
    entries.maybe(sql`select * from challenges.club_brand_entries where club_id = ${clubId} and challenge_id = ${challengeId}`)
  return Challenges.ClubBrandEntryRepo.of({
    // One statement: a new entry, or a withdrawn one rejoined; an entry already JOINED returns no row
    // (the conflict's WHERE fails under the row lock), so concurrent joins report the join once.
    join: (clubId, challengeId, by) =>
      Effect.gen(function*() {
        const made = yield* entries.maybe(sql`
          insert into challenges.club_brand_entries (club_id, challenge_id, joined_by) values (${clubId}, ${challengeId}, ${by})
          on conflict (club_id, challenge_id) do update
            set status = 'JOINED', joined_by = excluded.joined_by, joined_at = now(), withdrawn_at = null, updated_at = now()
            where challenges.club_brand_entries.status in ${sql.in(Challenges.ClubBrandEntryMoves.table.rejoin.from as ReadonlyArray<string>)}
          returning *`)
        if (Option.isSome(made)) return { entry: made.value, joined: true }
        const existing = yield* find(clubId, challengeId)
        return { entry: Option.getOrThrow(existing), joined: false }
      }),
    withdraw: (clubId, challengeId) =>
      Effect.gen(function*() {
        const current = yield* find(clubId, challengeId)
        if (Option.isNone(current)) return yield* new Challenges.ClubBrandChallengeNotJoined({ clubId, challengeId })
        return yield* applyMove(sql, {
          moves: Challenges.ClubBrandEntryMoves,
          move: "withdraw",
          table: "challenges.club_brand_entries",
          id: current.value.id,
          set: sql`withdrawn_at = now(), updated_at = now()`,
          returning: sql`*`,
          rows: entries,
          notFound: () => new Challenges.ClubBrandChallengeNotJoined({ clubId, challengeId })
        })
      }),
    find
  })
}))
