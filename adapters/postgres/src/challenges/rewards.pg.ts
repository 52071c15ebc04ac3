/**
 * Challenge prizes, rewards and sponsor contributions on Postgres (migration 0190). A reward is
 * inserted `on conflict (challenge_id, slab_key, user_id) do nothing`, so of two concurrent
 * distributions exactly one stores (the other waits for its commit and skips); moves are `applyMove`.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Challenges } from "@podium/core"
import { ChallengePrize, ChallengeReward, ChallengePrizeContribution } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const ChallengeRewardsRepoPg = Layer.effect(Challenges.ChallengeRewardsRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const prizes = rowsOf(ChallengePrize)
  const rewards = rowsOf(ChallengeReward)
  const contributions = rowsOf(ChallengePrizeContribution)
  const prizesOf = (challengeId: string) =>
    prizes.all(sql`select * from challenges.challenge_prizes where challenge_id = ${challengeId} order by rank_from, rank_to, position`)
  return Challenges.ChallengeRewardsRepo.of({
    prizes: (challengeId) => Uuid.test(challengeId) ? prizesOf(challengeId) : Effect.succeed([]),
    replacePrizes: (challengeId, lines) =>
      Effect.gen(function*() {
        // Under the challenge's row (the set-up update took it in this transaction): a close, and so a distribution, waits for it.
        yield* sql`select id from challenges.challenges where id = ${challengeId} for update`.pipe(Effect.orDie)
        const distributed = yield* counts.one(sql`select count(*)::int as n from challenges.challenge_rewards where challenge_id = ${challengeId}`)
        if (distributed.n > 0) return yield* new Challenges.ChallengeRewardsDistributed({ challengeId })
        yield* sql`delete from challenges.challenge_prizes where challenge_id = ${challengeId}`.pipe(Effect.orDie)
        yield* Effect.forEach(lines, (l, i) =>
          sql`
            insert into challenges.challenge_prizes (challenge_id, position, rank_from, rank_to, reward_type, title, amount, currency, discount_type,
              discount_value, event_id, ticket_id, product_name, product_image_url, size_options)
            values (${challengeId}, ${i}, ${l.rankFrom}, ${l.rankTo}, ${l.rewardType}, ${l.title}, ${l.amount}, ${l.currency}, ${l.discountType},
              ${l.discountValue}, ${l.eventId}, ${l.ticketId}, ${l.productName}, ${l.productImageUrl}, ${JSON.stringify(l.sizeOptions)}::jsonb)`.pipe(Effect.orDie), { discard: true })
        return yield* prizesOf(challengeId)
      }),
    insertReward: (r) =>
      rewards.maybe(sql`
        insert into challenges.challenge_rewards (id, challenge_id, slab_key, prize_id, contribution_id, user_id, participation_id, rank, reward_type,
          status, amount, currency, coupon_code, event_id, ticket_id, product_name, size, shipping_address, carrier, tracking_number,
          shipment_provider, shipment_reference, status_reason, distributed_by)
        values (${r.id}, ${r.challengeId}, ${r.slabKey}, ${r.prizeId}, ${r.contributionId}, ${r.userId}, ${r.participationId}, ${r.rank}, ${r.rewardType},
          ${r.status}, ${r.amount}, ${r.currency}, ${r.couponCode}, ${r.eventId}, ${r.ticketId}, ${r.productName}, ${r.size},
          ${r.shippingAddress === null ? null : JSON.stringify(r.shippingAddress)}::jsonb, ${r.carrier}, ${r.trackingNumber},
          ${r.shipmentProvider}, ${r.shipmentReference}, ${r.statusReason}, ${r.distributedBy})
        on conflict (challenge_id, slab_key, user_id) do nothing
        returning *`),
    rewards: (challengeId, userId) =>
      Uuid.test(challengeId)
        ? rewards.all(sql`
            select * from challenges.challenge_rewards
            where challenge_id = ${challengeId} ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
            order by rank, coalesce(prize_id, contribution_id), user_id`)
        : Effect.succeed([]),
    findReward: (challengeId, id) =>
      Uuid.test(challengeId) && Uuid.test(id)
        ? rewards.maybe(sql`select * from challenges.challenge_rewards where id = ${id} and challenge_id = ${challengeId}`)
        : Effect.succeed(Option.none()),
    findRewardsByTracking: (trackingNumber) =>
      rewards.all(sql`select * from challenges.challenge_rewards where tracking_number = ${trackingNumber} order by created_at, id`),
    moveReward: (id, move, f) =>
      applyMove(sql, {
        moves: Challenges.RewardMoves,
        move,
        table: "challenges.challenge_rewards",
        id,
        set: sql`updated_at = now()
          ${f.shippingAddress === undefined ? sql`` : sql`, shipping_address = ${f.shippingAddress === null ? null : JSON.stringify(f.shippingAddress)}::jsonb`}
          ${f.size === undefined ? sql`` : sql`, size = ${f.size}`}
          ${f.carrier === undefined ? sql`` : sql`, carrier = ${f.carrier}`}
          ${f.trackingNumber === undefined ? sql`` : sql`, tracking_number = ${f.trackingNumber}`}
          ${f.shipmentProvider === undefined ? sql`` : sql`, shipment_provider = ${f.shipmentProvider}`}
          ${f.shipmentReference === undefined ? sql`` : sql`, shipment_reference = ${f.shipmentReference}`}
          ${f.statusReason === undefined ? sql`` : sql`, status_reason = ${f.statusReason}`}
          ${move === "ship" ? sql`, shipped_at = now()` : sql``}
          ${move === "deliver" ? sql`, delivered_at = now()` : sql``}`,
        returning: sql`*`,
        rows: rewards,
        notFound: () => new Challenges.ChallengeRewardNotFound({ id })
      }),
    createContribution: (c) =>
      contributions.one(sql`
        insert into challenges.prize_contributions (challenge_id, sponsor_name, sponsor_id, rank, product_name, description, image_url)
        values (${c.challengeId}, ${c.sponsorName}, ${c.sponsorId}, ${c.rank}, ${c.productName}, ${c.description}, ${c.imageUrl})
        returning *`),
    contributions: (challengeId) =>
      Uuid.test(challengeId)
        ? contributions.all(sql`select * from challenges.prize_contributions where challenge_id = ${challengeId} order by created_at, id`)
        : Effect.succeed([]),
    findContribution: (challengeId, id) =>
      Uuid.test(challengeId) && Uuid.test(id)
        ? contributions.maybe(sql`select * from challenges.prize_contributions where id = ${id} and challenge_id = ${challengeId}`)
        : Effect.succeed(Option.none()),
    newestContributions: (limit) =>
      Effect.all({
        items: contributions.all(sql`select * from challenges.prize_contributions order by created_at desc, id desc limit ${limit}`),
        total: Effect.map(counts.one(sql`select count(*)::int as n from challenges.prize_contributions`), (r) => r.n)
      }),
    decideContribution: (id, move, by, note) =>
      applyMove(sql, {
        moves: Challenges.ContributionMoves,
        move,
        table: "challenges.prize_contributions",
        id,
        set: sql`decided_by = ${by}, decided_at = now(), decision_note = ${note}, updated_at = now()`,
        returning: sql`*`,
        rows: contributions,
        notFound: () => new Challenges.ChallengePrizeContributionNotFound({ id })
      })
  })
}))
