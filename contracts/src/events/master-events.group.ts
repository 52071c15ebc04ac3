/**
 * Master events (C "Master events (athlete)", B "Master events") and edition leaderboards (C
 * "Editions": `/{idOrSlug}/leaderboard`, `/leaderboard/me`). The spec names the routes, not their
 * bodies; these are our design: a master event is the umbrella of an event series over its
 * editions; athletes quote, join (free: joined; paid: a gateway checkout verified like every paid
 * flow) and leave; the standings add up the members' edition results; closing the series issues
 * reward grants; admins (`events.manage`) moderate, reconcile orders and grant or revoke rewards.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  Edition,
  IntBetween,
  IntFromText,
  MasterEvent,
  MasterEventStatus,
  MasterMember,
  MasterMemberStatus,
  MasterOrder,
  MasterRewardGrant,
  OneOf,
  Optional,
  Query,
  ResultEntry,
  ResultLeaderboard,
  StrLength
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GatewayCheckout, GetMany, op, OptionalAuthenticated, Requires, Role, VerifyCheckoutBody } from "../common/index.js"

const PageParams = { page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }
const EventPath = Schema.Struct({ eventId: Schema.String })
const IdOrSlugPath = Schema.Struct({ idOrSlug: Schema.String })

const EventRef = Schema.Struct({ id: Schema.String, slug: Schema.String, title: Schema.String, timezone: Schema.String })

export const MasterEventView = Schema.Struct({
  ...MasterEvent.fields,
  event: EventRef,
  /** The series' public editions, newest first. */
  editions: Schema.Array(Edition),
  /** The signed-in caller's live membership (null when not joined, or anonymous). */
  membership: Schema.NullOr(MasterMember)
}).annotations({ identifier: "MasterEventView" })

export const MasterQuote = Schema.Struct({
  eventId: Schema.String,
  entryFee: Schema.Int,
  currency: Schema.String,
  /** What joining costs the caller now (minor units): 0 when they cannot join. */
  amount: Schema.Int,
  membershipStatus: Schema.NullOr(MasterMemberStatus),
  canJoin: Schema.Boolean,
  /** Why not, when `canJoin` is false. */
  reason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "MasterQuote" })

export const MasterJoinResult = Schema.Struct({
  member: MasterMember,
  /** The order of a paid join (verify it once paid); null when joined at once. */
  order: Schema.NullOr(MasterOrder),
  payment: Schema.NullOr(GatewayCheckout)
}).annotations({ identifier: "MasterJoinResult" })

export const MasterOrderPaid = Schema.Struct({
  order: MasterOrder,
  /** The caller's live membership (null when they left before the payment arrived: a refund is due). */
  member: Schema.NullOr(MasterMember)
}).annotations({ identifier: "MasterOrderPaid" })

const EditionResultRow = Schema.Struct({ editionId: Schema.String, year: Schema.Int, place: Schema.Int, elapsedMs: Schema.Int, points: Schema.Int })
export const MasterStanding = Schema.Struct({
  place: Schema.Int,
  userId: Schema.String,
  points: Schema.Int,
  editionsRanked: Schema.Int,
  results: Schema.Array(EditionResultRow)
}).annotations({ identifier: "MasterStanding" })

export const MasterLeaderboard = Schema.Struct({
  eventId: Schema.String,
  status: MasterEventStatus,
  final: Schema.Boolean,
  editions: Schema.Array(Schema.Struct({ id: Schema.String, year: Schema.Int, name: Schema.String })),
  items: Schema.Array(MasterStanding),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "MasterLeaderboard" })

export const MasterRewardPage = GetMany(MasterRewardGrant).annotations({ identifier: "MasterRewardPage" })
export const MasterEventPage = GetMany(MasterEvent).annotations({ identifier: "MasterEventPage" })
export const MasterOrderPage = GetMany(MasterOrder).annotations({ identifier: "MasterOrderPage" })
export const MasterMemberPage = GetMany(MasterMember).annotations({ identifier: "MasterMemberPage" })

export const AdminMasterEventView = Schema.Struct({
  ...MasterEvent.fields,
  event: EventRef,
  editionCount: Schema.Int,
  totals: Schema.Struct({
    joined: Schema.Int,
    pendingPayment: Schema.Int,
    left: Schema.Int,
    paidOrders: Schema.Int,
    revenue: Schema.Int,
    refundedOrders: Schema.Int,
    settledOrders: Schema.Int
  })
}).annotations({ identifier: "AdminMasterEventView" })

export const MasterStatusBody = Body({
  status: Optional(MasterEventStatus),
  reason: Optional(StrLength(10, 500)),
  entryFee: Optional(IntBetween(0, 100_000_000))
})
export const ReconcileRefundBody = Body({ reference: Optional(StrLength(1, 120)) })
export const ReconcileResult = Schema.Struct({
  order: MasterOrder,
  /** False when the order was already reconciled: the call changed nothing. */
  changed: Schema.Boolean
}).annotations({ identifier: "MasterReconcileResult" })
export const MasterRewardBody = Body({ status: OneOf("granted", "revoked"), reason: Optional(StrLength(10, 500)) })

const EditionRef = Schema.Struct({ id: Schema.String, slug: Schema.String, year: Schema.Int, name: Schema.String, eventId: Schema.String })
export const EditionResult = Schema.Struct({
  ...ResultEntry.fields,
  /** The place on the series' board (every edition's results together); `place` is within the edition. */
  boardPlace: Schema.Int
}).annotations({ identifier: "EditionResult" })
const BoardParam = { leaderboard: Optional(StrLength(1, 80)) }

export const EditionLeaderboardPage = Schema.Struct({
  edition: EditionRef,
  /** The series' results board the edition's results come from; null while none is published. */
  leaderboard: Schema.NullOr(ResultLeaderboard),
  items: Schema.Array(EditionResult),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "EditionLeaderboardPage" })

export const EditionLeaderboardForMe = Schema.Struct({
  edition: EditionRef,
  leaderboard: Schema.NullOr(ResultLeaderboard),
  /** The caller's result; null when not ranked in this edition. */
  me: Schema.NullOr(EditionResult),
  neighbours: Schema.Array(EditionResult),
  total: Schema.Int
}).annotations({ identifier: "EditionLeaderboardForMe" })

export class PublicMasterEventsGroup extends HttpApiGroup.make("publicMasterEvents")
  .add(op.get("getMasterEvent", "/v2/events/:eventId/master", { path: EventPath, ok: MasterEventView, summary: "A public series (event id or slug) as its master event: status, entry fee, members, public editions and, signed in, the caller's membership; 404 without a public edition or when hidden" }).middleware(OptionalAuthenticated))
  .add(op.get("masterLeaderboard", "/v2/events/:eventId/master/leaderboard", { path: EventPath, query: Query(PageParams), ok: MasterLeaderboard, summary: "The series' standings: joined members by points over their edition results (100 for a win, one less per place, at least 1), ties share the place (1-2-2-4)" }))
  .add(op.get("editionLeaderboard", "/v2/editions/:idOrSlug/leaderboard", { path: IdOrSlugPath, query: Query({ ...BoardParam, ...PageParams }), ok: EditionLeaderboardPage, summary: "A public edition's results by place (the series' results within the edition's dates, ranked 1-2-2-4); `leaderboard` names the series' board (default: the board named after the edition's year, else Overall)" }))
  .annotate(OpenApi.Title, "Master events and edition leaderboards")
  .annotate(OpenApi.Description, "Series umbrellas, their standings and edition rankings, as the public reads them")
{}

export class MasterEventMembershipGroup extends HttpApiGroup.make("masterEventMembership")
  .add(op.get("masterQuote", "/v2/events/:eventId/master/quote", { path: EventPath, ok: MasterQuote, summary: "What joining the master event costs the caller now, and whether they can" }))
  .add(op.post("joinMasterEvent", "/v2/events/:eventId/master/join", { path: EventPath, ok: MasterJoinResult, status: 201, summary: "Join: free → joined; paid → pending with a gateway checkout (409 MASTER_ALREADY_JOINED, MASTER_EVENT_NOT_OPEN)" }))
  .add(op.del("leaveMasterEvent", "/v2/events/:eventId/master/join", { path: EventPath, ok: MasterMember, summary: "Leave (joined or pending); 404 without a membership, 409 MASTER_EVENT_NOT_OPEN once closed" }))
  .add(op.post("verifyMasterOrder", "/v2/events/:eventId/master/orders/:orderId/verify", { path: Schema.Struct({ eventId: Schema.String, orderId: Schema.String }), body: VerifyCheckoutBody, ok: MasterOrderPaid, summary: "Confirm the caller's order with the gateway checkout's payment (signature and payment checked at the gateway); a paid order answers as it stands" }))
  .add(op.get("myMasterRewards", "/v2/events/:eventId/master/rewards/me", { path: EventPath, query: Query(PageParams), ok: MasterRewardPage, summary: "The caller's reward grants of the series (issued when it closes)" }))
  .add(op.get("editionLeaderboardMe", "/v2/editions/:idOrSlug/leaderboard/me", { path: IdOrSlugPath, query: Query({ ...BoardParam, around: Optional(IntFromText(0, 25)) }), ok: EditionLeaderboardForMe, summary: "The caller's edition result with `around` neighbours each side (default 2); `me: null` when not ranked" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Master events / athlete")
  .annotate(OpenApi.Description, "Athletes' master-event memberships, orders and rewards, and their edition rank")
{}

const AdminEventPath = Schema.Struct({ eventId: Schema.String })

export class AdminMasterEventsGroup extends HttpApiGroup.make("adminMasterEvents")
  .add(op.get("adminListMasterEvents", "/v2/admin/master-events", { query: Query({ status: Optional(MasterEventStatus), ...PageParams }), ok: MasterEventPage, summary: "Master events, newest first; filter status" }))
  .add(op.get("adminGetMasterEvent", "/v2/admin/master-events/:eventId", { path: AdminEventPath, ok: AdminMasterEventView, summary: "One master event (any status) with its members and money totals" }))
  .add(op.get("adminMasterOrders", "/v2/admin/master-events/:eventId/orders", { path: AdminEventPath, query: Query(PageParams), ok: MasterOrderPage, summary: "The master event's join orders, newest first" }))
  .add(op.get("adminMasterParticipants", "/v2/admin/master-events/:eventId/participants", { path: AdminEventPath, query: Query({ status: Optional(MasterMemberStatus), ...PageParams }), ok: MasterMemberPage, summary: "The master event's memberships, oldest first; filter status" }))
  .add(op.get("adminMasterRewards", "/v2/admin/master-events/:eventId/rewards", { path: AdminEventPath, query: Query(PageParams), ok: MasterRewardPage, summary: "The master event's reward grants" }))
  .add(op.patch("adminSetMasterEventStatus", "/v2/admin/master-events/:eventId/status", { path: AdminEventPath, body: MasterStatusBody, ok: MasterEvent, summary: "Moderate: hide, publish or close (final: standings frozen, reward grants issued), with a reason; also sets the entry fee (409 MASTER_EVENT_STATUS_CONFLICT)" }))
  .add(op.post("reconcileMasterOrderRefund", "/v2/admin/master-events/orders/:orderId/reconcile-refund", { path: Schema.Struct({ orderId: Schema.String }), body: ReconcileRefundBody, ok: ReconcileResult, summary: "Record the gateway's refund of a paid order once (ledger, membership ended); a repeat answers changed: false (409 MASTER_ORDER_NOT_PAID)" }))
  .add(op.post("reconcileMasterOrderSettlement", "/v2/admin/master-events/orders/:orderId/reconcile-settlement", { path: Schema.Struct({ orderId: Schema.String }), ok: ReconcileResult, summary: "Record the gateway's settlement of a paid order once (ledger); a repeat answers changed: false (409 MASTER_ORDER_NOT_PAID, MASTER_ORDER_REFUNDED)" }))
  .add(op.patch("adminSetMasterReward", "/v2/admin/master-events/rewards/:grantId", { path: Schema.Struct({ grantId: Schema.String }), body: MasterRewardBody, ok: MasterRewardGrant, summary: "Grant (RC credited to the athlete's rewards wallet) or revoke a reward grant (409 MASTER_REWARD_STATUS_CONFLICT, MASTER_REWARD_SPENT)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Master events")
  .annotate(OpenApi.Description, "Admin oversight of master events (events.manage)")
{}
