/** Challenge audiences on Postgres (challenges.challenge_audiences; migration 0079). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengeAudience } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { onUnique, rowsOf } from "../rows.pg.js"

export const ChallengeAudienceRepoPg = Layer.effect(Challenges.ChallengeAudienceRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const audiences = rowsOf(ChallengeAudience)
  return Challenges.ChallengeAudienceRepo.of({
    add: (a) =>
      audiences.one(onUnique(() => new Challenges.AudienceAlreadyAdded({ refId: a.refId }))(sql`
        insert into challenges.challenge_audiences (challenge_id, kind, ref_id, created_by)
        values (${a.challengeId}, ${a.kind}, ${a.refId}, ${a.createdBy}) returning *`)),
    remove: (challengeId, audienceId) =>
      audiences.maybe(sql`delete from challenges.challenge_audiences where id = ${audienceId} and challenge_id = ${challengeId} returning *`),
    ofChallenge: (challengeId) =>
      audiences.all(sql`select * from challenges.challenge_audiences where challenge_id = ${challengeId} order by created_at, id`)
  })
}))
