/**
 * Club RC grants (A section 3, B "Club RC grants", C "Club RC grants"): a club's managers request
 * RC coins (one open request per club), admins approve — optionally fewer coins than asked — or
 * reject with a 10-1000 character reason, and the club may cancel while the request awaits review.
 *
 * Approval is ONE unit of work: the conditional REQUESTED → APPROVED move, the ledger credit of the
 * club creator wallet from the platform's RC grants account (idempotency key per grant) and the
 * audit row commit together. Approving an APPROVED grant answers it unchanged and credits nothing;
 * two concurrent approvals cannot both move the row, so the club is credited once.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { Transactor } from "../platform/transactor.port.js"
import { creatorWallet } from "../wallets/ledger.model.js"
import { credit } from "../wallets/wallets.use-case.js"
import {
  ApprovedRcTooLarge,
  ClubMoneySettings,
  ClubNotActive,
  platformRcGrantsAccount,
  type RcGrant,
  rcGrantCreditKey,
  type RcGrantMove,
  RcGrantMoveRefused,
  RcGrantMoves,
  RcGrantNotFound,
  type RcGrantStatus
} from "./club-money.model.js"
import { RcGrantRepo } from "./club-money.port.js"
import { ClubNotFound } from "./club.model.js"
import { ClubRepo } from "./club.port.js"
import { auditClub, isListed } from "./club.use-case.js"

/** The club's granted-RC position: coins outstanding and their rupee estimate at the configured rate. */
export const rcGrantPosition = Effect.fn("clubs.rcGrants.position")(function*(clubId: string) {
  const settings = yield* ClubMoneySettings
  const outstandingRc = yield* Effect.flatMap(RcGrantRepo, (r) => r.approvedTotal(clubId))
  return {
    outstandingRc,
    estimatedFiatAtCurrentRate: { amountMinor: outstandingRc * settings.rcInrPaisePerCoin, currency: "INR" as const },
    rateUsed: { paisePerRc: settings.rcInrPaisePerCoin, currency: "INR" as const }
  }
})

/** The club's grant requests, newest first, with its granted-RC position. */
export const listClubRcGrants = Effect.fn("clubs.rcGrants.list")(function*(clubId: string, page: { readonly page: number; readonly limit: number }) {
  const found = yield* Effect.flatMap(RcGrantRepo, (r) => r.list({ clubId, limit: page.limit, offset: (page.page - 1) * page.limit }))
  const position = yield* rcGrantPosition(clubId)
  return { ...found, page: page.page, limit: page.limit, ...position }
})

/** A club manager asks for RC coins; one REQUESTED request per club (409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN). */
export const requestRcGrant = Effect.fn("clubs.rcGrants.request")(function*(
  principal: Principal,
  clubId: string,
  input: { readonly requestedRc: number; readonly reason: string }
) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  if (!isListed(club.value)) return yield* new ClubNotActive({ clubId })
  const grant = yield* Effect.flatMap(RcGrantRepo, (r) => r.create({ clubId, requestedRc: input.requestedRc, reason: input.reason, requestedBy: principal.accountId }))
  yield* auditClub("club.rc_grant.requested", principal, clubId, { reason: input.reason, data: { grantId: grant.id, requestedRc: grant.requestedRc } })
  return grant
})

const refuse = (id: string, move: RcGrantMove) =>
  Effect.gen(function*() {
    const current = yield* Effect.flatMap(RcGrantRepo, (r) => r.findById(id))
    if (Option.isNone(current)) return yield* new RcGrantNotFound({ id })
    return yield* new RcGrantMoveRefused({ id, move, status: current.value.status })
  })

const findGrant = (id: string) =>
  Effect.flatMap(RcGrantRepo, (r) => r.findById(id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new RcGrantNotFound({ id })), onSome: Effect.succeed }))
  )

/** The club cancels its own request while it awaits review; an approved (or otherwise decided) grant answers 409. */
export const cancelRcGrant = Effect.fn("clubs.rcGrants.cancel")(function*(principal: Principal, clubId: string, id: string) {
  const grant = yield* findGrant(id)
  if (grant.clubId !== clubId) return yield* new RcGrantNotFound({ id })
  const { from, to } = RcGrantMoves.cancel
  const moved = yield* Effect.flatMap(RcGrantRepo, (r) => r.transition(id, from, to, { cancelledBy: principal.accountId }))
  if (Option.isNone(moved)) return yield* refuse(id, "cancel")
  yield* auditClub("club.rc_grant.cancelled", principal, clubId, { data: { grantId: id } })
  return moved.value
})

/** The admin queue, oldest first, filtered by status and club. */
export const rcGrantQueue = Effect.fn("clubs.rcGrants.queue")(function*(input: {
  readonly status?: RcGrantStatus | undefined
  readonly clubId?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const found = yield* Effect.flatMap(RcGrantRepo, (r) =>
    r.list({
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.clubId === undefined ? {} : { clubId: input.clubId }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      oldestFirst: true
    }))
  return { ...found, page: input.page, limit: input.limit }
})

/** One grant for an admin, with its club's outstanding granted-RC debt in coins and the rupee estimate. */
export const rcGrantForAdmin = Effect.fn("clubs.rcGrants.adminGet")(function*(id: string) {
  const grant = yield* findGrant(id)
  const position = yield* rcGrantPosition(grant.clubId)
  return { grant, ...position }
})

/**
 * Approves a REQUESTED grant for `approvedRc` (default: the requested amount; never larger) and
 * credits the club creator wallet in the same transaction. Idempotent: an APPROVED grant is answered
 * unchanged (no second credit).
 */
export const approveRcGrant = Effect.fn("clubs.rcGrants.approve")(function*(admin: Principal, id: string, approvedRc: number | undefined) {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const repo = yield* RcGrantRepo
    const current = yield* findGrant(id)
    if (current.status === "APPROVED") return current
    if (current.status !== "REQUESTED") return yield* new RcGrantMoveRefused({ id, move: "approve", status: current.status })
    const amount = approvedRc ?? current.requestedRc
    if (amount > current.requestedRc) return yield* new ApprovedRcTooLarge({ requestedRc: current.requestedRc, approvedRc: amount })
    const { from, to } = RcGrantMoves.approve
    const moved = yield* repo.transition(id, from, to, { approvedRc: amount, reviewedBy: admin.accountId })
    if (Option.isNone(moved)) {
      // Lost a race: another approval committed first (answer it, idempotently) or a reject/cancel did.
      const now = yield* findGrant(id)
      if (now.status === "APPROVED") return now
      return yield* new RcGrantMoveRefused({ id, move: "approve", status: now.status })
    }
    const posted = yield* credit({
      account: creatorWallet("club", current.clubId, "RC"),
      from: platformRcGrantsAccount,
      amount,
      reason: "club RC grant approved",
      idempotencyKey: rcGrantCreditKey(id),
      metadata: { grantId: id, clubId: current.clubId }
    }).pipe(Effect.orDie)
    const withTransfer = yield* repo.setLedgerTransfer(id, posted.id)
    yield* auditClub("club.rc_grant.approved", admin, current.clubId, {
      data: { grantId: id, requestedRc: current.requestedRc, approvedRc: amount, ledgerTransferId: posted.id }
    })
    const answer: RcGrant = Option.getOrElse(withTransfer, () => moved.value)
    return answer
  }))
})

/** Rejects a REQUESTED grant with the admin's 10-1000 character reason (kept verbatim). */
export const rejectRcGrant = Effect.fn("clubs.rcGrants.reject")(function*(admin: Principal, id: string, reason: string) {
  const grant = yield* findGrant(id)
  const { from, to } = RcGrantMoves.reject
  const moved = yield* Effect.flatMap(RcGrantRepo, (r) => r.transition(id, from, to, { reviewedBy: admin.accountId, rejectionReason: reason }))
  if (Option.isNone(moved)) return yield* refuse(id, "reject")
  yield* auditClub("club.rc_grant.rejected", admin, grant.clubId, { reason, data: { grantId: id } })
  return moved.value
})
