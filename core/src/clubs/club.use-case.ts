/**
 * Club creation and the public club reads (document C "Clubs"). Any signed-in athlete may create a
 * club subject to `creationEligibility` and becomes its OWNER; a new club starts in DRAFT. Athletes
 * see ACTIVE, active clubs; a club's managers (and platform admins) also see it before that.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { type AuditExtra, auditSubject } from "../platform/audit-subject.js"
import {
  type Club,
  ClubCreationNotEligible,
  ClubManagerRoles,
  ClubNotFound,
  type ClubType,
  MaxOwnedClubs
} from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"

/** Appends the audit row of a club change (one shared shape for every club use case). */
export const auditClub = (action: string, principal: Principal | undefined, clubId: string, extra: AuditExtra = {}) =>
  auditSubject(action, principal, { kind: "club", id: clubId }, extra)

export interface CreationEligibility {
  readonly eligible: boolean
  readonly reasons: ReadonlyArray<string>
  readonly ownedClubs: number
  readonly maxClubs: number
}

/**
 * Who may create a club: a signed-in athlete (organizer, admin, crew and sponsor principals act for
 * other accounts and create clubs through an athlete account) owning fewer than MaxOwnedClubs clubs.
 */
export const creationEligibility = Effect.fn("clubs.creationEligibility")(function*(principal: Principal) {
  const reasons: Array<string> = []
  if (principal.accountKind !== "user") reasons.push("Only athlete accounts can create clubs")
  const ownedClubs = principal.accountKind === "user" ? yield* Effect.flatMap(ClubRepo, (r) => r.countOwnedBy(principal.accountId)) : 0
  if (ownedClubs >= MaxOwnedClubs) reasons.push(`An athlete can own at most ${MaxOwnedClubs} clubs`)
  const answer: CreationEligibility = { eligible: reasons.length === 0, reasons, ownedClubs, maxClubs: MaxOwnedClubs }
  return answer
})

export interface CreateClubInput {
  readonly name: string
  readonly slug: string
  readonly description?: string | undefined
  readonly sportIds?: ReadonlyArray<string> | undefined
  readonly city?: string | undefined
  readonly clubType?: ClubType | undefined
  readonly requiresApproval?: boolean | undefined
}

export const createClub = Effect.fn("clubs.create")(function*(principal: Principal, input: CreateClubInput) {
  const eligibility = yield* creationEligibility(principal)
  if (!eligibility.eligible) return yield* new ClubCreationNotEligible({ reasons: eligibility.reasons })
  const club = yield* Effect.flatMap(ClubRepo, (r) =>
    r.create({
      name: input.name.trim(),
      slug: input.slug,
      description: input.description ?? null,
      sportIds: [...new Set(input.sportIds ?? [])],
      city: input.city ?? null,
      clubType: input.clubType ?? "COMMUNITY",
      requiresApproval: input.requiresApproval ?? false,
      ownerUserId: principal.accountId
    }))
  yield* auditClub("club.created", principal, club.id, { data: { slug: club.slug } })
  return club
})

/** Whether the caller may see a club that athletes cannot (not ACTIVE, or deactivated): its managers and admins. */
const seesUnlisted = (principal: Principal | undefined, club: Club) =>
  Effect.gen(function*() {
    if (principal === undefined) return false
    if (principal.accountKind === "admin") return true
    if (principal.accountKind !== "user") return false
    const member = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(club.id, principal.accountId))
    return Option.exists(member, (m) => m.status === "ACTIVE" && ClubManagerRoles.includes(m.role))
  })

/** Whether athletes may see the club at all. */
export const isListed = (club: Club) => club.status === "ACTIVE" && club.isActive

/** A club by id or slug as the caller may see it; 404 otherwise. */
export const getClub = Effect.fn("clubs.get")(function*(principal: Principal | undefined, idOrSlug: string) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findByIdOrSlug(idOrSlug))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: idOrSlug })
  if (!isListed(club.value) && !(yield* seesUnlisted(principal, club.value))) return yield* new ClubNotFound({ ref: idOrSlug })
  return club.value
})

export interface BrowseInput {
  readonly search?: string | undefined
  readonly sportId?: string | undefined
  readonly limit: number
  readonly page: number
}

/** The public directory: ACTIVE, active clubs, newest first. */
export const browseClubs = Effect.fn("clubs.browse")(function*(input: BrowseInput) {
  const found = yield* Effect.flatMap(ClubRepo, (r) =>
    r.list({
      publicOnly: true,
      ...(input.search === undefined ? {} : { search: input.search }),
      ...(input.sportId === undefined ? {} : { sportId: input.sportId }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit
    }))
  return { ...found, page: input.page, limit: input.limit }
})
