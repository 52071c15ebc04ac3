/**
 * Challenge promo stories on Postgres (challenges.challenge_promo_stories; migration 0104) and what
 * athletes do with them (challenges.promo_story_views, _reactions, _replies; migration 0109).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengePromoStory, PromoStoryReaction, PromoStoryReply } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const ChallengePromoStoryRepoPg = Layer.effect(Challenges.ChallengePromoStoryRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const stories = rowsOf(ChallengePromoStory)
  return Challenges.ChallengePromoStoryRepo.of({
    add: (s) =>
      stories.one(sql`
        insert into challenges.challenge_promo_stories (challenge_id, caption, media_key, media_content_type, media_size, created_by)
        values (${s.challengeId}, ${s.caption}, ${s.mediaKey}, ${s.mediaContentType}, ${s.mediaSize}, ${s.createdBy}) returning *`),
    findById: (storyId) =>
      Uuid.test(storyId) ? stories.maybe(sql`select * from challenges.challenge_promo_stories where id = ${storyId}`) : Effect.succeed(Option.none()),
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

const Counts = Schema.Struct({ views: Schema.Number, uniqueViewers: Schema.Number, replies: Schema.Number, engagedAthletes: Schema.Number })
const ByReaction = Schema.Struct({ reaction: Schema.String, n: Schema.Number })
const ReactionPageRow = Schema.Struct({ ...PromoStoryReaction.fields, total: Schema.Number })
const ReplyPageRow = Schema.Struct({ ...PromoStoryReply.fields, total: Schema.Number })

export const PromoStoryEngagementRepoPg = Layer.effect(Challenges.PromoStoryEngagementRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const reactions = rowsOf(PromoStoryReaction)
  const replies = rowsOf(PromoStoryReply)
  const counts = rowsOf(Counts)
  const byReaction = rowsOf(ByReaction)
  const reactionPage = rowsOf(ReactionPageRow)
  const replyPage = rowsOf(ReplyPageRow)
  const total = rowsOf(Schema.Struct({ n: Schema.Number }))
  /** The page's rows without their window total; past the last page the total is counted on its own. */
  const unpaged = <A extends { readonly total: number }>(rows: ReadonlyArray<A>, table: "promo_story_reactions" | "promo_story_replies", storyId: string) =>
    Effect.map(
      rows.length > 0 ? Effect.succeed(rows[0]!.total) : Effect.map(total.one(sql`select count(*)::int as n from ${sql(`challenges.${table}`)} where story_id = ${storyId}`), (r) => r.n),
      (n) => ({ items: rows.map(({ total: _, ...row }) => row), total: n })
    )
  return Challenges.PromoStoryEngagementRepo.of({
    view: (storyId, userId) =>
      sql`
        insert into challenges.promo_story_views (story_id, user_id) values (${storyId}, ${userId})
        on conflict (story_id, user_id) do update set view_count = promo_story_views.view_count + 1, last_seen_at = now()`.pipe(Effect.asVoid, Effect.orDie),
    react: (storyId, userId, reaction) =>
      reactions.one(sql`
        insert into challenges.promo_story_reactions (story_id, user_id, reaction) values (${storyId}, ${userId}, ${reaction})
        on conflict (story_id, user_id) do update set reaction = excluded.reaction, reacted_at = now()
        returning *`),
    unreact: (storyId, userId) =>
      Effect.map(
        reactions.maybe(sql`delete from challenges.promo_story_reactions where story_id = ${storyId} and user_id = ${userId} returning *`),
        Option.isSome
      ),
    reply: (storyId, userId, text) =>
      replies.one(sql`insert into challenges.promo_story_replies (story_id, user_id, text) values (${storyId}, ${userId}, ${text}) returning *`),
    counts: (storyId) =>
      Effect.gen(function*() {
        const c = yield* counts.one(sql`
          select
            (select coalesce(sum(view_count), 0)::int from challenges.promo_story_views where story_id = ${storyId}) as views,
            (select count(*)::int from challenges.promo_story_views where story_id = ${storyId}) as unique_viewers,
            (select count(*)::int from challenges.promo_story_replies where story_id = ${storyId}) as replies,
            (select count(*)::int from (
              select user_id from challenges.promo_story_reactions where story_id = ${storyId}
              union select user_id from challenges.promo_story_replies where story_id = ${storyId}) engaged) as engaged_athletes`)
        const kinds = yield* byReaction.all(sql`
          select reaction, count(*)::int as n from challenges.promo_story_reactions where story_id = ${storyId} group by reaction`)
        return { ...c, reactions: Object.fromEntries(kinds.map((k) => [k.reaction, k.n])) }
      }),
    reactions: (storyId, p) =>
      Effect.flatMap(
        reactionPage.all(sql`
          select *, count(*) over ()::int as total from challenges.promo_story_reactions where story_id = ${storyId}
          order by reacted_at desc, user_id limit ${p.limit} offset ${(p.page - 1) * p.limit}`),
        (rows) => unpaged(rows, "promo_story_reactions", storyId)
      ),
    replies: (storyId, p) =>
      Effect.flatMap(
        replyPage.all(sql`
          select *, count(*) over ()::int as total from challenges.promo_story_replies where story_id = ${storyId}
          order by created_at desc, id desc limit ${p.limit} offset ${(p.page - 1) * p.limit}`),
        (rows) => unpaged(rows, "promo_story_replies", storyId)
      )
  })
}))
