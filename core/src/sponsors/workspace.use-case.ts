/**
 * The sponsor workspace use cases. Who may call is settled before these run (the brand tenancy
 * guard: an ACTIVE account of an APPROVED brand); each act is recorded on the acting account's
 * activity. Stock deltas, reward grants and RC grant decisions each commit as one transaction
 * with their audit rows and ledger transfers.
 */
import { Effect, Either, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { athleteWallet, creatorWallet, platformRcGrantsAccount } from "../wallets/ledger.model.js"
import { Ledger } from "../wallets/ledger.port.js"
import { credit, transfer } from "../wallets/wallets.use-case.js"
import { SponsorInputInvalid, SponsorUserNotFound } from "./sponsor.model.js"
import { auditAccountAct } from "./sponsor.use-case.js"
import {
  SponsorInventoryItemNotFound,
  sponsorRcGrantCreditKey,
  SponsorRcGrantNotFound,
  SponsorRewardKeyReused,
  sponsorRewardGrantKey,
  SponsorWalletShort
} from "./workspace.model.js"
import { SponsorInventoryRepo, SponsorRcGrantRepo, SponsorRewardGrantRepo } from "./workspace.port.js"
import type { SponsorRcGrantStatus, SponsorRewardGrant } from "@podium/kernel"

/** Who acts for a brand: the caller and their account (null for a platform admin). */
export interface BrandActor {
  readonly principal: Principal
  readonly brandId: string
  readonly accountId: string | null
}

export interface PageRequest {
  readonly page: number
  readonly limit: number
}
const windowOf = (p: PageRequest) => ({ limit: p.limit, offset: (p.page - 1) * p.limit })

const recordAct = (actor: BrandActor, action: string, data: Readonly<Record<string, unknown>>) =>
  actor.accountId === null
    ? auditSubject(action, actor.principal, { kind: "sponsor_brand", id: actor.brandId }, { data })
    : auditAccountAct(actor.principal, actor.accountId, action, { brandId: actor.brandId, ...data })

// ---- inventory ----

export const listInventory = Effect.fn("sponsors.inventory.list")(function*(actor: BrandActor, page: PageRequest) {
  const found = yield* Effect.flatMap(SponsorInventoryRepo, (r) => r.list(actor.brandId, windowOf(page)))
  return { ...found, ...page }
})

/** A new item; an initial stock above zero is its first movement. */
export const createInventoryItem = Effect.fn("sponsors.inventory.create")(function*(
  actor: BrandActor,
  input: { readonly name: string; readonly lowStockThreshold?: number | undefined; readonly initialStock?: number | undefined }
) {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* SponsorInventoryRepo
    const stock = input.initialStock ?? 0
    const item = yield* repo.create({ brandId: actor.brandId, name: input.name, stock, lowStockThreshold: input.lowStockThreshold ?? 0, createdBy: actor.principal.accountId })
    if (stock > 0) {
      yield* repo.addMovement({ itemId: item.id, brandId: actor.brandId, delta: stock, stockAfter: stock, reason: "initial stock", lowStockAlert: false, actorId: actor.principal.accountId })
    }
    yield* recordAct(actor, "sponsors.inventory.created", { itemId: item.id, name: item.name, stock })
    return item
  }))
})

const findItem = (brandId: string, itemId: string) =>
  Effect.flatMap(SponsorInventoryRepo, (r) => (isUuid(itemId) ? r.find(brandId, itemId) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new SponsorInventoryItemNotFound({ id: itemId })), onSome: Effect.succeed }))
  )

/** Renames an item or moves its low-stock threshold (no stock change, so no movement). */
export const updateInventoryItem = Effect.fn("sponsors.inventory.update")(function*(
  actor: BrandActor,
  itemId: string,
  patch: { readonly name?: string | undefined; readonly lowStockThreshold?: number | undefined }
) {
  if (patch.name === undefined && patch.lowStockThreshold === undefined) {
    return yield* new SponsorInputInvalid({ messages: ["name or lowStockThreshold must be given"] })
  }
  yield* findItem(actor.brandId, itemId)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const item = yield* Effect.flatMap(SponsorInventoryRepo, (r) => r.update(actor.brandId, itemId, patch))
    yield* recordAct(actor, "sponsors.inventory.updated", { itemId, ...patch })
    return item
  }))
})

export const inventoryMovements = Effect.fn("sponsors.inventory.movements")(function*(actor: BrandActor, itemId: string, page: PageRequest) {
  const item = yield* findItem(actor.brandId, itemId)
  const found = yield* Effect.flatMap(SponsorInventoryRepo, (r) => r.movements(item.id, windowOf(page)))
  return { ...found, ...page }
})

/**
 * Adds a signed delta to an item's stock (never below zero: 409 SPONSOR_INVENTORY_STOCK_INSUFFICIENT)
 * and records the movement. "Low" means at or below the threshold (a threshold of 10 warns when 10
 * are left); a delta taking the stock from above it to at or below it emits one
 * `sponsors.inventory.low_stock` audit alert — staying low, or restocking, emits none.
 */
export const changeStock = Effect.fn("sponsors.inventory.changeStock")(function*(
  actor: BrandActor,
  itemId: string,
  input: { readonly delta: number; readonly reason?: string | undefined }
) {
  if (input.delta === 0) return yield* new SponsorInputInvalid({ messages: ["delta must not be zero"] })
  if (!isUuid(itemId)) return yield* new SponsorInventoryItemNotFound({ id: itemId })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* SponsorInventoryRepo
    const item = yield* repo.applyDelta(actor.brandId, itemId, input.delta)
    const before = item.stock - input.delta
    const lowStockAlert = before > item.lowStockThreshold && item.stock <= item.lowStockThreshold
    const movement = yield* repo.addMovement({
      itemId,
      brandId: actor.brandId,
      delta: input.delta,
      stockAfter: item.stock,
      reason: input.reason ?? null,
      lowStockAlert,
      actorId: actor.principal.accountId
    })
    yield* recordAct(actor, "sponsors.inventory.stock_changed", { itemId, delta: input.delta, stockAfter: item.stock, movementId: movement.id })
    if (lowStockAlert) {
      yield* auditSubject("sponsors.inventory.low_stock", actor.principal, { kind: "sponsor_brand", id: actor.brandId }, {
        data: { itemId, name: item.name, stock: item.stock, lowStockThreshold: item.lowStockThreshold, movementId: movement.id }
      })
    }
    return { item, movement }
  }))
})

// ---- reward grants ----

export const listRewardGrants = Effect.fn("sponsors.rewardGrants.list")(function*(actor: BrandActor, page: PageRequest) {
  const found = yield* Effect.flatMap(SponsorRewardGrantRepo, (r) => r.list(actor.brandId, windowOf(page)))
  return { ...found, ...page }
})

/**
 * Pays an athlete RC from the brand's RC wallet (purpose "creator"). Idempotent on the brand's
 * `sequenceKey`: the grant row is claimed first (a concurrent twin waits on the key, then answers
 * the original), then the ledger transfer; a short wallet (409 SPONSOR_WALLET_INSUFFICIENT) rolls
 * both back, so the key may be retried once the wallet is topped up. The same key for another
 * athlete or amount is 409 SPONSOR_REWARD_GRANT_SEQUENCE_KEY_REUSED.
 */
export const grantReward = Effect.fn("sponsors.rewardGrants.grant")(function*(
  actor: BrandActor,
  input: { readonly athleteId: string; readonly amountRc: number; readonly reason: string; readonly sequenceKey: string }
) {
  const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(input.athleteId))
  if (Option.isNone(user)) return yield* new SponsorUserNotFound({ userId: input.athleteId })
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* SponsorRewardGrantRepo
    const replay = (original: SponsorRewardGrant) =>
      original.athleteId !== input.athleteId || original.amountRc !== input.amountRc ? Effect.fail(new SponsorRewardKeyReused({ sequenceKey: input.sequenceKey })) : Effect.succeed(original)
    const earlier = yield* repo.findByKey(actor.brandId, input.sequenceKey)
    if (Option.isSome(earlier)) return yield* replay(earlier.value)
    // Checked before anything is written (the ledger checks again under its lock): a short wallet leaves no trace.
    const balance = yield* Effect.flatMap(Ledger, (l) => l.balance(creatorWallet("brand", actor.brandId, "RC")))
    if (balance < input.amountRc) return yield* new SponsorWalletShort({ balance, required: input.amountRc })
    const inserted = yield* repo.insert({ brandId: actor.brandId, athleteId: input.athleteId, amountRc: input.amountRc, reason: input.reason, sequenceKey: input.sequenceKey, grantedBy: actor.principal.accountId })
    if (Option.isNone(inserted)) {
      // A concurrent twin committed the key while this one waited on it.
      const original = yield* Effect.flatMap(repo.findByKey(actor.brandId, input.sequenceKey), Option.match({ onNone: () => Effect.dieMessage("reward grant key vanished"), onSome: Effect.succeed }))
      return yield* replay(original)
    }
    const posted = yield* transfer({
      from: creatorWallet("brand", actor.brandId, "RC"),
      to: athleteWallet(input.athleteId, "RC"),
      amount: input.amountRc,
      reason: `sponsor reward: ${input.reason}`,
      idempotencyKey: sponsorRewardGrantKey(actor.brandId, input.sequenceKey),
      metadata: { brandId: actor.brandId, grantId: inserted.value.id }
    }).pipe(
      Effect.catchTags({
        InsufficientFunds: (e) => new SponsorWalletShort({ balance: e.balance, required: input.amountRc }),
        LedgerIdempotencyConflict: () => new SponsorRewardKeyReused({ sequenceKey: input.sequenceKey }),
        UnbalancedTransfer: (e) => Effect.die(e)
      })
    )
    const grant = yield* repo.setLedgerTransfer(inserted.value.id, posted.id)
    yield* recordAct(actor, "sponsors.reward_grant.granted", { grantId: grant.id, athleteId: grant.athleteId, amountRc: grant.amountRc, sequenceKey: grant.sequenceKey })
    return grant
  }))
})

// ---- RC grants ----

/**
 * The brand asks the platform for RC coins. The spec lists only the admin side of sponsor RC
 * grants; a brand needs some way to ask, so the workspace adds this request (one open request per
 * brand, as for clubs), which the admin queue then decides.
 */
export const requestRcGrant = Effect.fn("sponsors.rcGrants.request")(function*(actor: BrandActor, input: { readonly requestedRc: number; readonly reason: string }) {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const grant = yield* Effect.flatMap(SponsorRcGrantRepo, (r) => r.create({ brandId: actor.brandId, requestedRc: input.requestedRc, reason: input.reason, requestedBy: actor.principal.accountId }))
    yield* recordAct(actor, "sponsors.rc_grant.requested", { grantId: grant.id, requestedRc: grant.requestedRc })
    return grant
  }))
})

export const listBrandRcGrants = Effect.fn("sponsors.rcGrants.listForBrand")(function*(actor: BrandActor, page: PageRequest) {
  const found = yield* Effect.flatMap(SponsorRcGrantRepo, (r) => r.list({ brandId: actor.brandId, oldestFirst: false, ...windowOf(page) }))
  return { ...found, ...page }
})

/** The admin queue, oldest first, by status (all statuses when none is given). */
export const rcGrantQueue = Effect.fn("sponsors.rcGrants.queue")(function*(input: { readonly status?: SponsorRcGrantStatus | undefined } & PageRequest) {
  const found = yield* Effect.flatMap(SponsorRcGrantRepo, (r) => r.list({ status: input.status, oldestFirst: true, ...windowOf(input) }))
  return { ...found, page: input.page, limit: input.limit }
})

const findGrant = (id: string) =>
  Effect.flatMap(SponsorRcGrantRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new SponsorRcGrantNotFound({ id })), onSome: Effect.succeed }))
  )

/**
 * Approves a REQUESTED grant for `approvedRc` (default the request; never more: 400) and credits
 * the brand's RC wallet from the platform's RC grants account in the same transaction. Re-running
 * it on an APPROVED grant answers the grant unchanged and credits nothing; of two concurrent
 * approvals one moves the row and the other answers what it did.
 */
export const approveRcGrant = Effect.fn("sponsors.rcGrants.approve")(function*(admin: Principal, id: string, approvedRc: number | undefined) {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* SponsorRcGrantRepo
    const current = yield* findGrant(id)
    if (current.status === "APPROVED") return current
    const amount = approvedRc ?? current.requestedRc
    if (amount > current.requestedRc) return yield* new SponsorInputInvalid({ messages: [`approvedRc must not be greater than the requested ${current.requestedRc}`] })
    const moved = yield* Effect.either(repo.approve(id, amount, admin.accountId))
    if (Either.isLeft(moved)) {
      // Lost a race: a concurrent approval committed first (answer it: a re-run is a no-op) or a rejection did.
      const now = yield* findGrant(id)
      if (now.status === "APPROVED") return now
      return yield* moved.left
    }
    const posted = yield* credit({
      account: creatorWallet("brand", current.brandId, "RC"),
      from: platformRcGrantsAccount,
      amount,
      reason: "sponsor RC grant approved",
      idempotencyKey: sponsorRcGrantCreditKey(id),
      metadata: { grantId: id, brandId: current.brandId }
    }).pipe(Effect.orDie)
    const grant = yield* repo.setLedgerTransfer(id, posted.id)
    yield* auditSubject("sponsors.rc_grant.approved", admin, { kind: "sponsor_brand", id: current.brandId }, {
      data: { grantId: id, requestedRc: current.requestedRc, approvedRc: amount, ledgerTransferId: posted.id }
    })
    return grant
  }))
})

/** Rejects a REQUESTED grant with the admin's 10-500 character reason, kept verbatim (409 SPONSOR_RC_GRANT_MOVE_REFUSED once decided). */
export const rejectRcGrant = Effect.fn("sponsors.rcGrants.reject")(function*(admin: Principal, id: string, reason: string) {
  const grant = yield* findGrant(id)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const moved = yield* Effect.flatMap(SponsorRcGrantRepo, (r) => r.reject(grant.id, reason, admin.accountId))
    yield* auditSubject("sponsors.rc_grant.rejected", admin, { kind: "sponsor_brand", id: grant.brandId }, { reason, data: { grantId: id } })
    return moved
  }))
})
