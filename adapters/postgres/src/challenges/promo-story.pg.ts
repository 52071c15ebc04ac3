/** Challenge promo stories on Postgres (challenges.challenge_promo_stories; migration 0104). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengePromoStory } from "@podium/kernel"
import { Effect, Layer } from "effect"
import { rowsOf } from "../rows.pg.js"

export const ChallengePromoStoryRepoPg = Layer.effect(Challenges.ChallengePromoStoryRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const stories = rowsOf(ChallengePromoStory)
  return Challenges.ChallengePromoStoryRepo.of({
    add: (s) =>
      stories.one(sql`
        insert into challenges.challenge_promo_stories (challenge_id, caption, media_key, media_content_type, media_size, created_by)
        values (${s.challengeId}, ${s.caption}, ${s.mediaKey}, ${s.mediaContentType}, ${s.mediaSize}, ${s.createdBy}) returning *`),
    remove: (challengeId, storyId) =>
      stories.maybe(sql`delete from challenges.challenge_promo_stories where id = ${storyId} and challenge_id = ${challengeId} returning *`),
    removeOwn: (createdBy, storyId) =>
      stories.maybe(sql`delete from challenges.challenge_promo_stories where id = ${storyId} and created_by = ${createdBy} returning *`),
    ofCreator: (createdBy) =>
      stories.all(sql`select * from challenges.challenge_promo_stories where created_by = ${createdBy} order by created_at desc, id desc`),
    ofChallenge: (challengeId) =>
      stories.all(sql`select * from challenges.challenge_promo_stories where challenge_id = ${challengeId} order by created_at desc, id desc`)
  })
}))
