/**
 * Club tiers and their money records on Postgres (clubs.tiers, clubs.commission_overrides,
 * clubs.tier_promos, clubs.tier_checkouts, clubs.tier_memberships). Moves are conditional updates
 * (`where status = …`), so of two concurrent moves one wins; the checkout's OPEN → PAID update is
 * the once-only gate of tier activation (a concurrent second update waits on the row lock and then
 * finds it PAID). Amounts are bigint in the table and numbers (paise, safe integers) in the model.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { Effect, Layer, Option } from "effect"

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

const tier = (r: Clubs.ClubTier): Clubs.ClubTier => ({ ...r, benefits: [...r.benefits] })
const first = <A, B>(rows: ReadonlyArray<A>, f: (a: A) => B) => Option.map(Option.fromNullable(rows[0]), f)
const id = <A>(a: A) => a

const isUniqueViolation = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code === "23505"

export const ClubTierRepoPg = Layer.effect(Clubs.ClubTierRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(TierColumns)
  return Clubs.ClubTierRepo.of({
    create: (input) =>
      sql<Clubs.ClubTier>`
        insert into clubs.tiers (club_id, name, description, price_amount, billing_period, benefits, sort_order)
        values (${input.clubId}, ${input.name}, ${input.description}, ${input.priceAmount}, ${input.billingPeriod},
          array(select jsonb_array_elements_text(${JSON.stringify(input.benefits)}::jsonb)), ${input.sortOrder})
        returning ${cols}`.pipe(Effect.map((rows) => tier(rows[0]!)), Effect.orDie),
    find: (clubId, tierId) =>
      !Uuid.test(clubId) || !Uuid.test(tierId)
        ? Effect.succeed(Option.none())
        : sql<Clubs.ClubTier>`select ${cols} from clubs.tiers where id = ${tierId} and club_id = ${clubId}`.pipe(
          Effect.map((rows) => first(rows, tier)),
          Effect.orDie
        ),
    list: (clubId, options) =>
      sql<Clubs.ClubTier>`
        select ${cols} from clubs.tiers
        where club_id = ${clubId} ${options.includeArchived ? sql`` : sql`and status = 'ACTIVE'`}
        order by sort_order, created_at`.pipe(Effect.map((rows) => rows.map(tier)), Effect.orDie),
    archive: (clubId, tierId) =>
      sql<Clubs.ClubTier>`
        update clubs.tiers set status = 'ARCHIVED', updated_at = now()
        where id = ${tierId} and club_id = ${clubId} and status = 'ACTIVE' returning ${cols}`.pipe(Effect.map((rows) => first(rows, tier)), Effect.orDie),
    setCommission: (clubId, tierId, bps) =>
      sql<Clubs.ClubTier>`
        update clubs.tiers set commission_bps = ${bps}, updated_at = now()
        where id = ${tierId} and club_id = ${clubId} returning ${cols}`.pipe(Effect.map((rows) => first(rows, tier)), Effect.orDie)
  })
}))

export const ClubCommissionRepoPg = Layer.effect(Clubs.ClubCommissionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return Clubs.ClubCommissionRepo.of({
    get: (clubId) =>
      sql<{ readonly commissionBps: number }>`select commission_bps from clubs.commission_overrides where club_id = ${clubId}`.pipe(
        Effect.map((rows) => rows[0]?.commissionBps ?? null),
        Effect.orDie
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
  return Clubs.TierPromoRepo.of({
    create: (input) =>
      sql<Clubs.TierPromo>`
        insert into clubs.tier_promos (club_id, tier_id, code, discount_type, discount_value, max_redemptions, valid_from, valid_until, created_by)
        values (${input.clubId}, ${input.tierId}, ${input.code}, ${input.discountType}, ${input.discountValue}, ${input.maxRedemptions},
          ${input.validFrom}, ${input.validUntil}, ${input.createdBy})
        returning ${cols}`.pipe(
        Effect.map((rows) => rows[0]!),
        Effect.catchIf(isUniqueViolation, () => Effect.fail(new Clubs.TierPromoCodeTaken({ code: input.code }))),
        Effect.catchTag("SqlError", Effect.die)
      ),
    find: (clubId, tierId, promoId) =>
      sql<Clubs.TierPromo>`select ${cols} from clubs.tier_promos where id = ${promoId} and club_id = ${clubId} and tier_id = ${tierId}`.pipe(
        Effect.map((rows) => first(rows, id)),
        Effect.orDie
      ),
    findByCode: (tierId, code) =>
      sql<Clubs.TierPromo>`
        select ${cols} from clubs.tier_promos where tier_id = ${tierId} and code = ${code}
        order by (status = 'ACTIVE') desc, created_at desc limit 1`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie),
    list: (tierId, page) =>
      Effect.all({
        items: sql<Clubs.TierPromo>`
          select ${cols} from clubs.tier_promos where tier_id = ${tierId} order by created_at desc, id limit ${page.limit} offset ${page.offset}`,
        total: sql<{ readonly n: number }>`select count(*)::int as n from clubs.tier_promos where tier_id = ${tierId}`.pipe(Effect.map((r) => r[0]?.n ?? 0))
      }).pipe(Effect.orDie),
    archive: (promoId) =>
      sql<Clubs.TierPromo>`
        update clubs.tier_promos set status = 'ARCHIVED', archived_at = now()
        where id = ${promoId} and status = 'ACTIVE' returning ${cols}`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie),
    redeem: (promoId) => sql`update clubs.tier_promos set redemptions = redemptions + 1 where id = ${promoId}`.pipe(Effect.asVoid, Effect.orDie)
  })
}))

export const TierCheckoutRepoPg = Layer.effect(Clubs.TierCheckoutRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(CheckoutColumns)
  return Clubs.TierCheckoutRepo.of({
    create: (i) =>
      sql<Clubs.TierCheckout>`
        insert into clubs.tier_checkouts (club_id, tier_id, user_id, promo_id, list_amount, discount_amount, amount, currency,
          commission_bps, commission_amount, net_amount, provider, gateway_order_id)
        values (${i.clubId}, ${i.tierId}, ${i.userId}, ${i.promoId}, ${i.listAmount}, ${i.discountAmount}, ${i.amount}, ${i.currency},
          ${i.commissionBps}, ${i.commissionAmount}, ${i.netAmount}, ${i.provider}, ${i.gatewayOrderId})
        returning ${cols}`.pipe(Effect.map((rows) => rows[0]!), Effect.orDie),
    findById: (checkoutId) =>
      !Uuid.test(checkoutId)
        ? Effect.succeed(Option.none())
        : sql<Clubs.TierCheckout>`select ${cols} from clubs.tier_checkouts where id = ${checkoutId}`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie),
    findByOrder: (provider, orderId) =>
      sql<Clubs.TierCheckout>`select ${cols} from clubs.tier_checkouts where provider = ${provider} and gateway_order_id = ${orderId}`.pipe(
        Effect.map((rows) => first(rows, id)),
        Effect.orDie
      ),
    markPaid: (checkoutId, paymentId) =>
      sql<Clubs.TierCheckout>`
        update clubs.tier_checkouts set status = 'PAID', payment_id = ${paymentId}, paid_at = now()
        where id = ${checkoutId} and status = 'OPEN' returning ${cols}`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie),
    paidCount: (clubId) =>
      sql<{ readonly n: number }>`select count(*)::int as n from clubs.tier_checkouts where club_id = ${clubId} and status = 'PAID'`.pipe(
        Effect.map((rows) => rows[0]?.n ?? 0),
        Effect.orDie
      )
  })
}))

export const TierMembershipRepoPg = Layer.effect(Clubs.TierMembershipRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(MembershipColumns)
  return Clubs.TierMembershipRepo.of({
    findByMember: (memberId) =>
      !Uuid.test(memberId)
        ? Effect.succeed(Option.none())
        : sql<Clubs.TierMembership>`select ${cols} from clubs.tier_memberships where member_id = ${memberId}`.pipe(
          Effect.map((rows) => first(rows, id)),
          Effect.orDie
        ),
    save: (i) =>
      sql<Clubs.TierMembership>`
        insert into clubs.tier_memberships (club_id, member_id, user_id, tier_id, status, current_period_start, current_period_end,
          last_payment_id, last_proration_amount)
        values (${i.clubId}, ${i.memberId}, ${i.userId}, ${i.tierId}, 'ACTIVE', ${i.periodStart}, ${i.periodEnd}, ${i.lastPaymentId}, ${i.prorationAmount})
        on conflict (member_id) do update set
          tier_id = excluded.tier_id, status = 'ACTIVE', current_period_start = excluded.current_period_start,
          current_period_end = excluded.current_period_end, cancel_at_period_end = false, canceled_at = null,
          last_payment_id = excluded.last_payment_id, last_proration_amount = excluded.last_proration_amount, updated_at = now()
        returning ${cols}`.pipe(Effect.map((rows) => rows[0]!), Effect.orDie),
    move: (membershipId, from, to, now) =>
      sql<Clubs.TierMembership>`
        update clubs.tier_memberships set status = ${to}, cancel_at_period_end = ${to === "CANCELED"},
          canceled_at = ${to === "CANCELED" ? now : null}, updated_at = now()
        where id = ${membershipId} and status in ${sql.in(from)} and current_period_end > ${now}
        returning ${cols}`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie),
    changeTier: (membershipId, tierId, prorationAmount) =>
      sql<Clubs.TierMembership>`
        update clubs.tier_memberships set tier_id = ${tierId}, last_proration_amount = ${prorationAmount}, updated_at = now()
        where id = ${membershipId} returning ${cols}`.pipe(Effect.map((rows) => first(rows, id)), Effect.orDie)
  })
}))

/** Every club tier repository on the host's database. */
export const ClubTiersReposPg = Layer.mergeAll(ClubTierRepoPg, ClubCommissionRepoPg, TierPromoRepoPg, TierCheckoutRepoPg, TierMembershipRepoPg)
