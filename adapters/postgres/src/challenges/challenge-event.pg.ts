/** Challenges attached to events on Postgres (challenges.challenge_events; migration 0078). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengeEventLink } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

export const ChallengeEventRepoPg = Layer.effect(Challenges.ChallengeEventRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const links = rowsOf(ChallengeEventLink)
  return Challenges.ChallengeEventRepo.of({
    attach: (challengeId, eventId, by) =>
      counts.one(sql`
        with added as (
          insert into challenges.challenge_events (challenge_id, event_id, attached_by) values (${challengeId}, ${eventId}, ${by})
          on conflict do nothing returning 1)
        select count(*)::int as n from added`).pipe(Effect.map(({ n }) => n > 0)),
    detach: (challengeId, eventId) =>
      counts.one(sql`
        with gone as (delete from challenges.challenge_events where challenge_id = ${challengeId} and event_id = ${eventId} returning 1)
        select count(*)::int as n from gone`).pipe(Effect.map(({ n }) => n > 0)),
    ofChallenge: (challengeId) =>
      links.all(sql`select * from challenges.challenge_events where challenge_id = ${challengeId} order by attached_at, event_id`),
    ofEvent: (eventId) =>
      links.all(sql`select * from challenges.challenge_events where event_id = ${eventId} order by attached_at, challenge_id`)
  })
}))
