/**
 * Challenge prizes, rewards and sponsor contributions (C "Badges and challenges": Challenges
 * `/prizes`, `/rewards…`; Challenge prizes; Organizer goodies; Inbound callbacks: the shipping
 * provider's webhook).
 *
 * Who may call: the prize table is public for a public challenge (a draft's to its managers); the
 * challenge's managers (its organizer or club OWNER/ADMIN, or an admin with `challenges.manage`)
 * distribute, move rewards and decide contributions; a winner reads their own rewards and gives
 * their MERCH reward's address; the organizer's team reads its challenge's goodies; the shipping
 * provider's webhook is public and checked by its `x-api-key`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  ChallengePrize,
  ChallengeReward,
  ChallengeRewardType,
  inputOf,
  Optional,
  ChallengePrizeContribution,
  RewardShippingAddress,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminsNeed, Authenticated, op, OptionalAuthenticated, OrganizerReaders, Requires } from "../common/index.js"

/** One line of a prize table as the create and update bodies of a challenge take it (`prizes`, the whole table, at most 50 lines). */
export const PrizeLineBody = inputOf(ChallengePrize, {
  required: ["rankFrom", "rankTo", "rewardType"],
  optional: ["title", "amount", "discountType", "discountValue", "eventId", "ticketId", "productName", "productImageUrl", "sizeOptions"]
})
export const PrizesField = Optional(Schema.Array(PrizeLineBody).pipe(Schema.maxItems(50)))

export const ChallengePrizesView = Schema.Struct({ challengeId: Schema.String, currency: Schema.String, items: Schema.Array(ChallengePrize) })
  .annotations({ identifier: "ChallengePrizes" })
export const RewardDistributionView = Schema.Struct({
  challengeId: Schema.String,
  /** Rewards created (and paid or issued) by this call. */
  distributed: Schema.Number,
  /** Winners' rewards of the selection that already existed (nothing more was paid). */
  alreadyDistributed: Schema.Number,
  items: Schema.Array(ChallengeReward)
}).annotations({ identifier: "ChallengeRewardDistribution" })
export const ChallengePrizeContributionsView = Schema.Struct({ items: Schema.Array(ChallengePrizeContribution), hasRankSlabs: Schema.Boolean })
  .annotations({ identifier: "ChallengePrizeContributions" })
export const ChallengeGoodiesView = Schema.Struct({
  challengeId: Schema.String,
  contributions: Schema.Array(ChallengePrizeContribution),
  rewards: Schema.Array(ChallengeReward)
}).annotations({ identifier: "ChallengeGoodies" })

export const DistributeRewardsBody = Body({
  rewardTypes: Optional(Schema.Array(ChallengeRewardType)),
  prizeIds: Optional(Schema.Array(UuidStr)),
  userIds: Optional(Schema.Array(StrLength(1, 100)))
})
export const RewardAddressBody = Body({
  ...inputOf(RewardShippingAddress, { required: ["name", "phone", "addressLine1", "city", "state", "pincode"], optional: ["addressLine2"] }).fields,
  size: Optional(StrLength(1, 20))
})
export const ShipRewardBody = Body({ carrier: StrLength(2, 80), trackingNumber: StrLength(4, 60) })
export const RewardReasonBody = Body({ reason: Optional(StrLength(1, 1000)) })
export const ContributionDecisionBody = Body({ note: Optional(StrLength(1, 1000)) })
export const ShippingWebhookAnswer = Schema.Struct({
  received: Schema.Literal(true),
  duplicate: Schema.Boolean,
  /** Which record kind the tracking number belonged to (`challenge_reward`), or null when unmatched. */
  matchedBy: Schema.NullOr(Schema.String),
  updated: Schema.Number
})

const IdPath = Schema.Struct({ id: Schema.String })
const RewardPath = Schema.Struct({ id: Schema.String, rewardId: Schema.String })
const ChallengeIdPath = Schema.Struct({ challengeId: Schema.String })
const ContributionPath = Schema.Struct({ challengeId: Schema.String, contributionId: Schema.String })
const manage = AdminsNeed("challenges.manage")

export class ChallengePrizesGroup extends HttpApiGroup.make("challengePrizes")
  .add(op.get("challengePrizes", "/v2/challenges/:id/prizes", { path: IdPath, ok: ChallengePrizesView, summary: "The prize table: rank slabs and their rewards (CASH, DISCOUNT, MERCH, EVENT_ENTRY), lowest rank first" }).middleware(OptionalAuthenticated).annotate(OpenApi.Description, "Public for an ACTIVE, PAUSED or CLOSED challenge; a draft's only to its managers. Written with the challenge: `prizes` on create and update replaces the whole table (409 CHALLENGE_REWARDS_DISTRIBUTED once rewards were distributed)."))
  .annotate(OpenApi.Title, "Challenge prizes")
{}

export class ChallengeRewardsGroup extends HttpApiGroup.make("challengeRewards")
  .add(op.get("challengeRewards", "/v2/challenges/:id/rewards", { path: IdPath, ok: Schema.Array(ChallengeReward), summary: "The rewards distributed: every winner's to the challenge's managers, the caller's own to anyone else" }))
  .add(op.post("distributeChallengeRewards", "/v2/challenges/:id/rewards/distribute", { path: IdPath, body: DistributeRewardsBody, ok: RewardDistributionView, summary: "Distribute some rewards of the final leaderboard: only these reward types (CASH, DISCOUNT, MERCH, EVENT_ENTRY), prize lines or winners" }).annotate(OpenApi.Description, "409 CHALLENGE_NOT_CLOSED before the challenge is CLOSED. Each winner's reward per prize line is created once: repeating (or racing) a distribution pays nothing more. CASH credits the winner's winnings wallet; DISCOUNT and EVENT_ENTRY issue a single-use coupon code of the prize's event (EVENT_ENTRY: 100 %, a complimentary place); MERCH opens a shipment task waiting for the winner's address."))
  .add(op.post("distributeAllChallengeRewards", "/v2/challenges/:id/rewards/distribute-all", { path: IdPath, ok: RewardDistributionView, summary: "Distribute every reward of the final leaderboard not distributed yet (409 CHALLENGE_NOT_CLOSED before it is CLOSED)" }))
  .add(op.post("addressChallengeReward", "/v2/challenges/:id/rewards/:rewardId/address", { path: RewardPath, body: RewardAddressBody, ok: ChallengeReward, summary: "The winner gives (or corrects, until shipped) the shipping address of their MERCH reward; a size when the prize offers sizes" }).annotate(OpenApi.Description, "Only the winner (403 otherwise). 409 CHALLENGE_REWARD_MOVE_REFUSED for a reward that is not MERCH or already shipped."))
  .add(op.post("cancelChallengeReward", "/v2/challenges/:id/rewards/:rewardId/cancel", { path: RewardPath, body: RewardReasonBody, ok: ChallengeReward, summary: "Cancel a MERCH reward not yet shipped (409 CHALLENGE_REWARD_MOVE_REFUSED otherwise)" }))
  .add(op.post("deliverChallengeReward", "/v2/challenges/:id/rewards/:rewardId/deliver", { path: RewardPath, ok: ChallengeReward, summary: "Mark a SHIPPED reward DELIVERED (409 CHALLENGE_REWARD_MOVE_REFUSED otherwise)" }))
  .add(op.post("shipChallengeReward", "/v2/challenges/:id/rewards/:rewardId/ship", { path: RewardPath, body: ShipRewardBody, ok: ChallengeReward, summary: "Mark an ADDRESSED reward SHIPPED by hand, with the carrier and tracking number" }))
  .add(op.post("shipChallengeRewardViaProvider", "/v2/challenges/:id/rewards/:rewardId/ship-via-shipping-provider", { path: RewardPath, ok: ChallengeReward, summary: "Book the shipment of an ADDRESSED reward with the shipping provider; SHIPPED with its tracking number" }).annotate(OpenApi.Description, "400 `shipping provider not configured` without a provider; 400 SHIPPING_PROVIDER_REJECTED, 503 SHIPPING_PROVIDER_UNAVAILABLE; 409 CHALLENGE_REWARD_MOVE_REFUSED unless ADDRESSED."))
  .add(op.get("challengePrizeContributions", "/v2/challenges/:challengeId/prizes/contributions", { path: ChallengeIdPath, ok: ChallengePrizeContributionsView, summary: "Sponsors' goodies offered for ranks of the challenge, and whether it has rank slabs (its managers)" }))
  .add(op.post("acceptChallengePrizeContribution", "/v2/challenges/:challengeId/prizes/contributions/:contributionId/accept", { path: ContributionPath, body: ContributionDecisionBody, ok: ChallengePrizeContribution, summary: "Accept a PENDING contribution: a MERCH reward for the athletes at its rank when rewards are distributed" }).annotate(OpenApi.Description, "400 `no prize slab covers rank N` when no prize line covers its rank; 409 PRIZE_CONTRIBUTION_MOVE_REFUSED unless PENDING."))
  .add(op.post("rejectChallengePrizeContribution", "/v2/challenges/:challengeId/prizes/contributions/:contributionId/reject", { path: ContributionPath, body: ContributionDecisionBody, ok: ChallengePrizeContribution, summary: "Reject a PENDING contribution (409 PRIZE_CONTRIBUTION_MOVE_REFUSED otherwise)" }))
  .middleware(Authenticated)
  .annotate(Requires, manage)
  .annotate(OpenApi.Title, "Challenge rewards")
{}

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class OrganizerChallengeGoodiesGroup extends HttpApiGroup.make("organizerChallengeGoodies")
  .add(op.get("organizerChallengeGoodies", "/v2/organizers/challenges/:challengeId/goodies", { path: ChallengeIdPath, headers: OrganizerHeader, ok: ChallengeGoodiesView, summary: "The goodies of the organizer's challenge: accepted sponsor contributions and MERCH rewards with their shipping state" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Organizer goodies")
{}

export class ShippingProviderWebhookGroup extends HttpApiGroup.make("shippingProviderWebhook")
  .add(op.post("shippingProviderWebhook", "/v2/integrations/shipping-provider/webhook", { headers: Schema.Struct({ "x-api-key": Schema.optional(Schema.String) }), ok: ShippingWebhookAnswer, summary: "The shipping provider's tracking updates (x-api-key checked against SHIPPING_PROVIDER_WEBHOOK_TOKEN)" }).annotate(OpenApi.Description, "401 without x-api-key, 403 with a wrong one, 503 SHIPPING_WEBHOOK_NOT_CONFIGURED without a token. Body `{awb, current_status, current_timestamp?, eventId?}` (Shiprocket's shape). Stored in the webhook inbox first; a replayed event changes nothing (`duplicate: true`). The tracking number is tried against each kind of shipped record in turn (challenge rewards here); `Delivered` moves a SHIPPED reward to DELIVERED; an unknown tracking number is recorded as unmatched (200)."))
  .annotate(OpenApi.Title, "Inbound callbacks / Shipping provider")
{}
