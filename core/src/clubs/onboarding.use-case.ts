/**
 * Club onboarding (A section 3, C "Club onboarding", B "Club onboarding"): the owner submits a DRAFT
 * club for review; admins approve (ACTIVE) or reject with a 10-500 character reason returned
 * verbatim (SUSPENDED); the owner resubmits a rejected club, which clears the reason. Every move is
 * a conditional update, so concurrent moves cannot both win, and writes an audit row.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { ClubAccessDenied, ClubMoveRefused, ClubNotFound, type ClubStatus, type OnboardingMove, OnboardingMoves } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub } from "./club.use-case.js"

/** The caller's clubs (as OWNER or ADMIN) with their onboarding status and rejection reason. */
export const myOnboarding = Effect.fn("clubs.onboarding.mine")(function*(principal: Principal) {
  if (principal.accountKind !== "user") return []
  const memberships = yield* Effect.flatMap(ClubMemberRepo, (r) => r.ofUser(principal.accountId))
  const managed = memberships.filter((m) => m.status === "ACTIVE" && (m.role === "OWNER" || m.role === "ADMIN"))
  const clubs = yield* Effect.forEach(managed, (m) => Effect.flatMap(ClubRepo, (r) => r.findById(m.clubId)))
  return clubs.flatMap((c) => Option.toArray(c))
})

const move = (principal: Principal, clubId: string, name: OnboardingMove, reason: string | null) =>
  Effect.gen(function*() {
    const clubs = yield* ClubRepo
    const { from, to } = OnboardingMoves[name]
    const moved = yield* clubs.transition(clubId, from, to, {
      rejectionReason: reason,
      ...(name === "approve" || name === "reject" ? { reviewedBy: principal.accountId } : {}),
      ...(name === "submit" || name === "resubmit" ? { submitted: true } : {})
    })
    if (Option.isNone(moved)) {
      const current = yield* clubs.findById(clubId)
      if (Option.isNone(current)) return yield* new ClubNotFound({ ref: clubId })
      return yield* new ClubMoveRefused({ clubId, move: name, status: current.value.status })
    }
    yield* auditClub(`club.onboarding.${to === "PENDING_APPROVAL" ? name === "submit" ? "submitted" : "resubmitted" : name === "approve" ? "approved" : "rejected"}`, principal, clubId, reason === null ? {} : { reason })
    return moved.value
  })

/** The owner's own moves: only the club's OWNER may submit or resubmit it. */
const ownerMove = (principal: Principal, clubId: string, name: "submit" | "resubmit") =>
  Effect.gen(function*() {
    const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
    if (Option.isNone(club) || principal.accountKind !== "user" || club.value.ownerUserId !== principal.accountId) {
      return yield* new ClubAccessDenied({ clubId })
    }
    return yield* move(principal, clubId, name, null)
  })

export const submitClub = Effect.fn("clubs.onboarding.submit")((principal: Principal, clubId: string) => ownerMove(principal, clubId, "submit"))
export const resubmitClub = Effect.fn("clubs.onboarding.resubmit")((principal: Principal, clubId: string) => ownerMove(principal, clubId, "resubmit"))
export const approveClub = Effect.fn("clubs.onboarding.approve")((admin: Principal, clubId: string) => move(admin, clubId, "approve", null))
export const rejectClub = Effect.fn("clubs.onboarding.reject")((admin: Principal, clubId: string, reason: string) => move(admin, clubId, "reject", reason))

/** The admin queue: clubs in `status` (default PENDING_APPROVAL), oldest first. */
export const onboardingQueue = Effect.fn("clubs.onboarding.queue")(function*(input: { readonly status?: ClubStatus; readonly limit: number; readonly page: number }) {
  const found = yield* Effect.flatMap(ClubRepo, (r) =>
    r.list({ status: input.status ?? "PENDING_APPROVAL", limit: input.limit, offset: (input.page - 1) * input.limit, oldestFirst: true }))
  return { ...found, page: input.page, limit: input.limit }
})
