/**
 * Sponsors: brands and the users who act for them. The spec has no operation that creates a brand,
 * so brands are created by operators (the admin CLI `sponsors create-brand --name …`, and tests
 * through `createBrand`); admins with `sponsors.manage` then decide on them (approve, reject,
 * suspend), give users accounts of a brand, suspend or reinstate those accounts and read an
 * account's activity (its audit-log rows). Every change is one conditional update plus its audit
 * row, in one transaction.
 */
import type { SponsorAccountRole, SponsorAccountStatus } from "@podium/kernel"
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { actorOf, auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { SponsorAccessDenied, SponsorAccountNotFound, SponsorBrandNotApproved, SponsorBrandNotFound, type SponsorBrandMove, SponsorUserNotFound } from "./sponsor.model.js"
import { SponsorAccountRepo, SponsorBrandRepo } from "./sponsor.port.js"

/** The subject kind of an account's audit rows (what its activity reads). */
export const SponsorAccountSubject = "sponsor_account"

export const findBrand = Effect.fn("sponsors.findBrand")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(SponsorBrandRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new SponsorBrandNotFound({ id })
  return found.value
})

const findAccount = Effect.fn("sponsors.findAccount")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(SponsorAccountRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new SponsorAccountNotFound({ id })
  return found.value
})

/** An operator creates a brand (PENDING until an admin approves it). `actor` is the CLI's or a test's. */
export const createBrand = Effect.fn("sponsors.createBrand")(function*(
  actor: { readonly kind: string; readonly id: string | null },
  input: { readonly name: string }
) {
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const brand = yield* Effect.flatMap(SponsorBrandRepo, (r) => r.create({ name: input.name, createdBy: actor.id ?? actor.kind }))
      yield* Effect.flatMap(AuditLog, (log) => log.append({ action: "sponsors.brand.created", actor, subject: { kind: "sponsor_brand", id: brand.id }, data: { name: brand.name } }))
      return brand
    })))
})

/** An admin's decision on a brand: approve, reject or suspend (409 SPONSOR_BRAND_MOVE_REFUSED when illegal from where it is). */
export const decideBrandApproval = Effect.fn("sponsors.decideBrandApproval")(function*(
  admin: Principal,
  brandId: string,
  input: { readonly decision: SponsorBrandMove; readonly reason?: string | undefined }
) {
  const before = yield* findBrand(brandId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(SponsorBrandRepo, (r) => r.move(before.id, input.decision, input.reason ?? null))
      yield* auditSubject(`sponsors.brand.${input.decision === "approve" ? "approved" : input.decision === "reject" ? "rejected" : "suspended"}`, admin, { kind: "sponsor_brand", id: moved.id }, {
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        data: { from: before.status, to: moved.status }
      })
      return moved
    })))
})

export const listBrandAccounts = Effect.fn("sponsors.listBrandAccounts")(function*(brandId: string) {
  const brand = yield* findBrand(brandId)
  const items = yield* Effect.flatMap(SponsorAccountRepo, (r) => r.listByBrand(brand.id))
  return { items, total: items.length }
})

/** Gives an existing user an ACTIVE account of a brand (409 SPONSOR_ACCOUNT_EXISTS when they hold one). */
export const addBrandAccount = Effect.fn("sponsors.addBrandAccount")(function*(
  admin: Principal,
  brandId: string,
  input: { readonly userId: string; readonly role: SponsorAccountRole }
) {
  const brand = yield* findBrand(brandId)
  const user = isUuid(input.userId) ? yield* Effect.flatMap(UserRepo, (r) => r.findById(input.userId)) : Option.none()
  if (Option.isNone(user)) return yield* new SponsorUserNotFound({ userId: input.userId })
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const account = yield* Effect.flatMap(SponsorAccountRepo, (r) => r.create({ brandId: brand.id, userId: input.userId, role: input.role, createdBy: admin.accountId }))
      yield* auditSubject("sponsors.account.created", admin, { kind: SponsorAccountSubject, id: account.id }, { data: { brandId: brand.id, userId: account.userId, role: account.role } })
      return account
    })))
})

/** Suspends or reinstates an account (409 SPONSOR_ACCOUNT_STATUS_MOVE_REFUSED when it already is). */
export const setAccountStatus = Effect.fn("sponsors.setAccountStatus")(function*(
  admin: Principal,
  accountId: string,
  input: { readonly status: SponsorAccountStatus; readonly reason?: string | undefined }
) {
  const before = yield* findAccount(accountId)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(SponsorAccountRepo, (r) => r.setStatus(before.id, input.status, input.reason ?? null))
      yield* auditSubject("sponsors.account.status_changed", admin, { kind: SponsorAccountSubject, id: moved.id }, {
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        data: { from: before.status, to: moved.status }
      })
      return moved
    })))
})

/** An account's activity: the audit rows about it (created, status changes, what it did for its brand), newest first. */
export const accountActivity = Effect.fn("sponsors.accountActivity")(function*(accountId: string, page: { readonly limit: number; readonly beforeSeq?: number | undefined }) {
  const account = yield* findAccount(accountId)
  const items = yield* Effect.flatMap(AuditLog, (log) =>
    log.list({ subjectKind: SponsorAccountSubject, subjectId: account.id, limit: page.limit, ...(page.beforeSeq === undefined ? {} : { beforeSeq: page.beforeSeq }) }))
  return { accountId: account.id, items, nextBeforeSeq: items.length === page.limit ? items[items.length - 1]!.seq : null }
})

/**
 * The caller's right to act for a brand: an APPROVED brand (404 when unknown, 403
 * SPONSOR_BRAND_NOT_APPROVED otherwise) and, unless an admin acts, an ACTIVE account of it held by
 * the calling user (403). Answers the account (null for an admin) so the act can be recorded on it.
 */
export const requireBrandActor = Effect.fn("sponsors.requireBrandActor")(function*(principal: Principal, brandId: string, options: { readonly platformAdmin: boolean }) {
  const brand = yield* findBrand(brandId)
  if (options.platformAdmin) {
    if (brand.status !== "APPROVED") return yield* new SponsorBrandNotApproved({ id: brand.id, status: brand.status })
    return { brand, account: null }
  }
  // A brand account belongs to a user (athlete) account; other principal kinds never act for brands.
  const account = principal.accountKind === "user" ? yield* Effect.flatMap(SponsorAccountRepo, (r) => r.find(brand.id, principal.accountId)) : Option.none()
  if (Option.isNone(account) || account.value.status !== "ACTIVE") return yield* new SponsorAccessDenied({ brandId: brand.id })
  if (brand.status !== "APPROVED") return yield* new SponsorBrandNotApproved({ id: brand.id, status: brand.status })
  return { brand, account: account.value }
})

/** Records an act done for a brand on the acting account's activity. */
export const auditAccountAct = (principal: Principal, accountId: string, action: string, data: Readonly<Record<string, unknown>>) =>
  Effect.flatMap(AuditLog, (log) => log.append({ action, actor: actorOf(principal), subject: { kind: SponsorAccountSubject, id: accountId }, data }))
