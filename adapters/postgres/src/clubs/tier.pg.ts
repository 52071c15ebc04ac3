/**
 * Club tiers and their money records on Postgres (clubs.tiers, clubs.commission_overrides,
 * clubs.tier_promos, clubs.tier_checkouts, clubs.tier_memberships). Moves are conditional updates
 * (`where status = …`), so of two concurrent moves one wins; the checkout's OPEN → PAID update is
 * the once-only gate of tier activation (a concurrent second update waits on the row lock and then
 * finds it PAID). Amounts are bigint in the table and numbers (paise, safe integers) in the model.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const TierColumns = `id, club_id, name, description, price_amount::float8 as price_amount, currency, billing_period, benefits, status,
  sort_order, commission_bps, created_at, updated_at`
const PromoColumns = `id, club_id, tier_id, code, discount_type, discount_value::float8 as discount_value, max_redemptions, redemptions,
  valid_from, valid_until, status, created_by, created_at, archived_at`
const CheckoutColumns = `id, club_id, tier_id, user_id, promo_id, list_amount::float8 as list_amount, discount_amount::float8 as discount_amount,
  amount::float8 as amount, currency, commission_bps, commission_amount::float8 as commission_amount, net_amount::float8 as net_amount,
  provider, gateway_order_id, status, payment_id, paid_at, created_at`
const MembershipColumns = `id, club_id, member_id, user_id, tier_id, status, current_period_start, current_period_end, cancel_at_period_end,
  canceled_at, last_payment_id, last_proration_amount::float8 as last_proration_amount, created_at, updated_at`

const CommissionRow = Schema.Struct({ commissionBps: Schema.Number })

export const ClubTierRepoPg = Layer.effect(Clubs.ClubTierRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(TierColumns)
  const tiers = rowsOf(Clubs.ClubTier)
  return Clubs.ClubTierRepo.of({
    create: (input) =>
      tiers.one(sql`
        insert into clubs.tiers (club_id, name, description, price_amount, billing_period, benefits, sort_order)
        values (${input.clubId}, ${input.name}, ${input.description}, ${input.priceAmount}, ${input.billingPeriod},
          array(select jsonb_array_elements_text(${JSON.stringify(input.benefits)}::jsonb)), ${input.sortOrder})
        returning ${cols}`),
    find: (clubId, tierId) =>
      !Uuid.test(clubId) || !Uuid.test(tierId)
        ? Effect.succeed(Option.none())
        : tiers.maybe(sql`select ${cols} from clubs.tiers where id = ${tierId} and club_id = ${clubId}`),
    list: (clubId, options) =>
      tiers.all(sql`
        select ${cols} from clubs.tiers
        where club_id = ${clubId} ${options.includeArchived ? sql`` : sql`and status = 'ACTIVE'`}
        order by sort_order, created_at`),
    archive: (clubId, tierId) =>
      tiers.maybe(sql`
        update clubs.tiers set status = 'ARCHIVED', updated_at = now()
        where id = ${tierId} and club_id = ${clubId} and status = 'ACTIVE' returning ${cols}`),
    setCommission: (clubId, tierId, bps) =>
      tiers.maybe(sql`
        update clubs.tiers set commission_bps = ${bps}, updated_at = now()
        where id = ${tierId} and club_id = ${clubId} returning ${cols}`)
  })
}))

export const ClubCommissionRepoPg = Layer.effect(Clubs.ClubCommissionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const overrides = rowsOf(CommissionRow)
  return Clubs.ClubCommissionRepo.of({
    get: (clubId) =>
      overrides.maybe(sql`select commission_bps from clubs.commission_overrides where club_id = ${clubId}`).pipe(
        Effect.map(Option.match({ onNone: () => null, onSome: (r) => r.commissionBps }))
      ),
    set: (clubId, bps, adminId) =>
      (bps === null
        ? sql`delete from clubs.commission_overrides where club_id = ${clubId}`
        : sql`
          insert into clubs.commission_overrides (club_id, commission_bps, updated_by) values (${clubId}, ${bps}, ${adminId})
          on conflict (club_id) do update set commission_bps = excluded.commission_bps, updated_by = excluded.updated_by, updated_at = now()`)
        .pipe(Effect.asVoid, Effect.orDie)
  })
}))

export const TierPromoRepoPg = Layer.effect(Clubs.TierPromoRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(PromoColumns)
  const promos = rowsOf(Clubs.TierPromo)
  return Clubs.TierPromoRepo.of({
    create: (input) =>
      promos.one(sql`
        insert into clubs.tier_promos (club_id, tier_id, code, discount_type, discount_value, max_redemptions, valid_from, valid_until, created_by)
        values (${input.clubId}, ${input.tierId}, ${input.code}, ${input.discountType}, ${input.discountValue}, ${input.maxRedemptions},
          ${input.validFrom}, ${input.validUntil}, ${input.createdBy})
        returning ${cols}`.pipe(onUnique(() => new Clubs.TierPromoCodeTaken({ code: input.code })))),
    find: (clubId, tierId, promoId) =>
      promos.maybe(sql`select ${cols} from clubs.tier_promos where id = ${promoId} and club_id = ${clubId} and tier_id = ${tierId}`),
    findByCode: (tierId, code) =>
      promos.maybe(sql`
        select ${cols} from clubs.tier_promos where tier_id = ${tierId} and code = ${code}
        order by (status = 'ACTIVE') desc, created_at desc limit 1`),
    list: (tierId, page) =>
      Effect.all({
        items: promos.all(sql`
          select ${cols} from clubs.tier_promos where tier_id = ${tierId} order by created_at desc, id limit ${page.limit} offset ${page.offset}`),
        total: counts.one(sql`select count(*)::int as n from clubs.tier_promos where tier_id = ${tierId}`).pipe(Effect.map((r) => r.n))
      }),
    archive: (promoId) =>
      promos.maybe(sql`
        update clubs.tier_promos set status = 'ARCHIVED', archived_at = now()
        where id = ${promoId} and status = 'ACTIVE' returning ${cols}`),
    redeem: (promoId) => sql`update clubs.tier_promos set redemptions = redemptions + 1 where id = ${promoId}`.pipe(Effect.asVoid, Effect.orDie)
  })
}))

export const TierCheckoutRepoPg = Layer.effect(Clubs.TierCheckoutRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(CheckoutColumns)
  const checkouts = rowsOf(Clubs.TierCheckout)
  return Clubs.TierCheckoutRepo.of({
    create: (i) =>
      checkouts.one(sql`
        insert into clubs.tier_checkouts (club_id, tier_id, user_id, promo_id, list_amount, discount_amount, amount, currency,
          commission_bps, commission_amount, net_amount, provider, gateway_order_id)
        values (${i.clubId}, ${i.tierId}, ${i.userId}, ${i.promoId}, ${i.listAmount}, ${i.discountAmount}, ${i.amount}, ${i.currency},
          ${i.commissionBps}, ${i.commissionAmount}, ${i.netAmount}, ${i.provider}, ${i.gatewayOrderId})
        returning ${cols}`),
    findById: (checkoutId) =>
      !Uuid.test(checkoutId)
        ? Effect.succeed(Option.none())
        : checkouts.maybe(sql`select ${cols} from clubs.tier_checkouts where id = ${checkoutId}`),
    findByOrder: (provider, orderId) =>
      checkouts.maybe(sql`select ${cols} from clubs.tier_checkouts where provider = ${provider} and gateway_order_id = ${orderId}`),
    markPaid: (checkoutId, paymentId) =>
      checkouts.maybe(sql`
        update clubs.tier_checkouts set status = 'PAID', payment_id = ${paymentId}, paid_at = now()
        where id = ${checkoutId} and status = 'OPEN' returning ${cols}`),
    paidCount: (clubId) =>
      counts.one(sql`select count(*)::int as n from clubs.tier_checkouts where club_id = ${clubId} and status = 'PAID'`).pipe(Effect.map((r) => r.n))
  })
}))

export const TierMembershipRepoPg = Layer.effect(Clubs.TierMembershipRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(MembershipColumns)
  const memberships = rowsOf(Clubs.TierMembership)
  return Clubs.TierMembershipRepo.of({
    findByMember: (memberId) =>
      !Uuid.test(memberId)
        ? Effect.succeed(Option.none())
        : memberships.maybe(sql`select ${cols} from clubs.tier_memberships where member_id = ${memberId}`),
    save: (i) =>
      memberships.one(sql`
        insert into clubs.tier_memberships (club_id, member_id, user_id, tier_id, status, current_period_start, current_period_end,
          last_payment_id, last_proration_amount)
        values (${i.clubId}, ${i.memberId}, ${i.userId}, ${i.tierId}, 'ACTIVE', ${i.periodStart}, ${i.periodEnd}, ${i.lastPaymentId}, ${i.prorationAmount})
        on conflict (member_id) do update set
          tier_id = excluded.tier_id, status = 'ACTIVE', current_period_start = excluded.current_period_start,
          current_period_end = excluded.current_period_end, cancel_at_period_end = false, canceled_at = null,
          last_payment_id = excluded.last_payment_id, last_proration_amount = excluded.last_proration_amount, updated_at = now()
        returning ${cols}`),
    move: (membershipId, from, to, now) =>
      memberships.maybe(sql`
        update clubs.tier_memberships set status = ${to}, cancel_at_period_end = ${to === "CANCELED"},
          canceled_at = ${to === "CANCELED" ? now : null}, updated_at = now()
        where id = ${membershipId} and status in ${sql.in(from)} and current_period_end > ${now}
        returning ${cols}`),
    changeTier: (membershipId, tierId, prorationAmount) =>
      memberships.maybe(sql`
        update clubs.tier_memberships set tier_id = ${tierId}, last_proration_amount = ${prorationAmount}, updated_at = now()
        where id = ${membershipId} returning ${cols}`)
  })
}))

/** Every club tier repository on the host's database. */
export const ClubTiersReposPg = Layer.mergeAll(ClubTierRepoPg, ClubCommissionRepoPg, TierPromoRepoPg, TierCheckoutRepoPg, TierMembershipRepoPg)
