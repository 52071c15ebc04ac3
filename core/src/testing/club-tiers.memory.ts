/** Memory twins of the club tier repositories: the same rules as the Postgres adapters (conditional moves, unique active promo codes). */
import { Effect, Layer, Option } from "effect"
import {
  type ClubTier,
  type TierCheckout,
  type TierMembership,
  type TierPromo,
  TierPromoCodeTaken
} from "../clubs/tier.model.js"
import { ClubCommissionRepo, ClubTierRepo, TierCheckoutRepo, TierMembershipRepo, TierPromoRepo } from "../clubs/tier.port.js"
import { nextMemoryId } from "./sequential-id.js"

const makeStore = () => ({
  tiers: new Map<string, ClubTier>(),
  commission: new Map<string, number>(),
  promos: new Map<string, TierPromo>(),
  checkouts: new Map<string, TierCheckout>(),
  memberships: new Map<string, TierMembership>()
})
type Store = ReturnType<typeof makeStore>

const tierRepo = (s: Store) =>
  ClubTierRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const tier: ClubTier = { id: nextMemoryId(), ...input, currency: "INR", status: "ACTIVE", commissionBps: null, createdAt: now, updatedAt: now }
        s.tiers.set(tier.id, tier)
        return tier
      }),
    find: (clubId, tierId) => Effect.sync(() => Option.fromNullable(s.tiers.get(tierId)).pipe(Option.filter((t) => t.clubId === clubId))),
    list: (clubId, options) =>
      Effect.sync(() =>
        [...s.tiers.values()]
          .filter((t) => t.clubId === clubId && (options.includeArchived || t.status === "ACTIVE"))
          .sort((a, b) => a.sortOrder - b.sortOrder || a.createdAt.getTime() - b.createdAt.getTime())
      ),
    archive: (clubId, tierId) =>
      Effect.sync(() => {
        const t = s.tiers.get(tierId)
        if (t === undefined || t.clubId !== clubId || t.status !== "ACTIVE") return Option.none()
        const next: ClubTier = { ...t, status: "ARCHIVED", updatedAt: new Date() }
        s.tiers.set(tierId, next)
        return Option.some(next)
      }),
    setCommission: (clubId, tierId, bps) =>
      Effect.sync(() => {
        const t = s.tiers.get(tierId)
        if (t === undefined || t.clubId !== clubId) return Option.none()
        const next: ClubTier = { ...t, commissionBps: bps, updatedAt: new Date() }
        s.tiers.set(tierId, next)
        return Option.some(next)
      })
  })

const commissionRepo = (s: Store) =>
  ClubCommissionRepo.of({
    get: (clubId) => Effect.sync(() => s.commission.get(clubId) ?? null),
    set: (clubId, bps) =>
      Effect.sync(() => {
        if (bps === null) s.commission.delete(clubId)
        else s.commission.set(clubId, bps)
      })
  })

const promoRepo = (s: Store) =>
  TierPromoRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if ([...s.promos.values()].some((p) => p.tierId === input.tierId && p.code === input.code && p.status === "ACTIVE")) {
          return Effect.fail(new TierPromoCodeTaken({ code: input.code }))
        }
        const promo: TierPromo = { id: nextMemoryId(), ...input, redemptions: 0, status: "ACTIVE", createdAt: new Date(), archivedAt: null }
        s.promos.set(promo.id, promo)
        return Effect.succeed(promo)
      }),
    find: (clubId, tierId, promoId) =>
      Effect.sync(() => Option.fromNullable(s.promos.get(promoId)).pipe(Option.filter((p) => p.clubId === clubId && p.tierId === tierId))),
    findByCode: (tierId, code) =>
      Effect.sync(() => {
        const all = [...s.promos.values()].filter((p) => p.tierId === tierId && p.code === code)
        return Option.fromNullable(all.find((p) => p.status === "ACTIVE") ?? all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0])
      }),
    list: (tierId, page) =>
      Effect.sync(() => {
        const items = [...s.promos.values()].filter((p) => p.tierId === tierId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        return { items: items.slice(page.offset, page.offset + page.limit), total: items.length }
      }),
    archive: (promoId) =>
      Effect.sync(() => {
        const p = s.promos.get(promoId)
        if (p === undefined || p.status !== "ACTIVE") return Option.none()
        const next: TierPromo = { ...p, status: "ARCHIVED", archivedAt: new Date() }
        s.promos.set(promoId, next)
        return Option.some(next)
      }),
    redeem: (promoId) =>
      Effect.sync(() => {
        const p = s.promos.get(promoId)
        if (p !== undefined) s.promos.set(promoId, { ...p, redemptions: p.redemptions + 1 })
      })
  })

const checkoutRepo = (s: Store) =>
  TierCheckoutRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const c: TierCheckout = { id: nextMemoryId(), ...input, status: "OPEN", paymentId: null, paidAt: null, createdAt: new Date() }
        s.checkouts.set(c.id, c)
        return c
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(s.checkouts.get(id))),
    findByOrder: (provider, orderId) =>
      Effect.sync(() => Option.fromNullable([...s.checkouts.values()].find((c) => c.provider === provider && c.gatewayOrderId === orderId))),
    markPaid: (id, paymentId) =>
      Effect.sync(() => {
        const c = s.checkouts.get(id)
        if (c === undefined || c.status !== "OPEN") return Option.none()
        const next: TierCheckout = { ...c, status: "PAID", paymentId, paidAt: new Date() }
        s.checkouts.set(id, next)
        return Option.some(next)
      }),
    paidCount: (clubId) => Effect.sync(() => [...s.checkouts.values()].filter((c) => c.clubId === clubId && c.status === "PAID").length)
  })

const membershipRepo = (s: Store) =>
  TierMembershipRepo.of({
    findByMember: (memberId) => Effect.sync(() => Option.fromNullable([...s.memberships.values()].find((m) => m.memberId === memberId))),
    save: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const existing = [...s.memberships.values()].find((m) => m.memberId === input.memberId)
        const m: TierMembership = {
          id: existing?.id ?? nextMemoryId(),
          clubId: input.clubId,
          memberId: input.memberId,
          userId: input.userId,
          tierId: input.tierId,
          status: "ACTIVE",
          currentPeriodStart: input.periodStart,
          currentPeriodEnd: input.periodEnd,
          cancelAtPeriodEnd: false,
          canceledAt: null,
          lastPaymentId: input.lastPaymentId,
          lastProrationAmount: input.prorationAmount,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now
        }
        s.memberships.set(m.id, m)
        return m
      }),
    move: (id, from, to, now) =>
      Effect.sync(() => {
        const m = s.memberships.get(id)
        if (m === undefined || !from.includes(m.status) || m.currentPeriodEnd.getTime() <= now.getTime()) return Option.none()
        const next: TierMembership = {
          ...m,
          status: to,
          cancelAtPeriodEnd: to === "CANCELED",
          canceledAt: to === "CANCELED" ? now : null,
          updatedAt: now
        }
        s.memberships.set(id, next)
        return Option.some(next)
      }),
    changeTier: (id, tierId, prorationAmount) =>
      Effect.sync(() => {
        const m = s.memberships.get(id)
        if (m === undefined) return Option.none()
        const next: TierMembership = { ...m, tierId, lastProrationAmount: prorationAmount, updatedAt: new Date() }
        s.memberships.set(id, next)
        return Option.some(next)
      })
  })

/** Every club tier repository over one fresh store. */
export const ClubTiersReposMemory = Layer.unwrapEffect(Effect.sync(() => {
  const s = makeStore()
  return Layer.mergeAll(
    Layer.succeed(ClubTierRepo, tierRepo(s)),
    Layer.succeed(ClubCommissionRepo, commissionRepo(s)),
    Layer.succeed(TierPromoRepo, promoRepo(s)),
    Layer.succeed(TierCheckoutRepo, checkoutRepo(s)),
    Layer.succeed(TierMembershipRepo, membershipRepo(s))
  )
}))
