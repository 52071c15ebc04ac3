/**
 * Linked accounts (C "Linked accounts"): clubs act as organizers for events, so each club the caller
 * OWNS has an organizer account linked to it. `listOrganizerAccounts` shows each owned club with its
 * link state — LINKED (organizer present), MISSING (never linked) or BROKEN (the linked organizer was
 * deleted) — and `repairOrganizerAccounts` (idempotent) creates an organizer for every MISSING or
 * BROKEN club, named after the club with the caller as its OWNER, and answers what it did per club
 * (CREATED, RELINKED, UNCHANGED). The organizer starts PENDING approval like any organizer account.
 * Two concurrent repairs link one organizer: the link is a compare-and-set, and the loser's freshly
 * made organizer is soft-deleted again.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { Organizer } from "../organizers/organizer.model.js"
import { OrganizerRepo } from "../organizers/organizer.port.js"
import type { Club } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub } from "./club.use-case.js"
import { ClubOrganizerLinkRepo } from "./community.port.js"
import { ClubAthletesOnly, type OrganizerLinkState } from "./membership.model.js"

export interface OrganizerAccountRow {
  readonly club: Club
  readonly state: OrganizerLinkState
  readonly organizer: Organizer | null
  readonly linkedAt: Date | null
}

/** The clubs the caller is an ACTIVE OWNER of. */
const ownedClubs = (principal: Principal) =>
  Effect.gen(function*() {
    if (principal.accountKind !== "user") return yield* new ClubAthletesOnly()
    const memberships = yield* Effect.flatMap(ClubMemberRepo, (r) => r.ofUser(principal.accountId))
    const owned = memberships.filter((m) => m.status === "ACTIVE" && m.role === "OWNER")
    const clubs = yield* Effect.forEach(owned, (m) => Effect.flatMap(ClubRepo, (r) => r.findById(m.clubId)))
    return clubs.flatMap((c) => Option.toArray(c))
  })

const rowOf = (club: Club) =>
  Effect.gen(function*() {
    const link = yield* Effect.flatMap(ClubOrganizerLinkRepo, (r) => r.find(club.id))
    if (Option.isNone(link)) return { club, state: "MISSING", organizer: null, linkedAt: null, organizerId: null } as const
    const organizer = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(link.value.organizerId))
    return {
      club,
      state: Option.isSome(organizer) ? "LINKED" : "BROKEN",
      organizer: Option.getOrNull(organizer),
      linkedAt: link.value.updatedAt,
      organizerId: link.value.organizerId
    } as const
  })

/** Each club the caller owns with its organizer link. */
export const listOrganizerAccounts = Effect.fn("clubs.organizerAccounts.list")(function*(principal: Principal) {
  const clubs = yield* ownedClubs(principal)
  const rows = yield* Effect.forEach(clubs, rowOf)
  return rows.map(({ organizerId: _, ...row }): OrganizerAccountRow => row)
})

/** Creates an organizer named after the club, owned by the caller (retrying once on a slug clash). */
const newOrganizerFor = (principal: Principal, club: Club) =>
  Effect.flatMap(OrganizerRepo, (repo) => {
    const make = repo.create(
      { name: club.name, phoneNumber: null, email: null, companyName: null },
      { phoneNumber: null, email: null, userId: principal.accountId }
    )
    return make.pipe(Effect.retry({ times: 2 }), Effect.orDie)
  })

/** Links an organizer to every owned club that has none or a broken one (idempotent); answers what it did. */
export const repairOrganizerAccounts = Effect.fn("clubs.organizerAccounts.repair")(function*(principal: Principal) {
  const clubs = yield* ownedClubs(principal)
  const results = yield* Effect.forEach(clubs, (club) =>
    Effect.gen(function*() {
      const row = yield* rowOf(club)
      if (row.state === "LINKED") return { club, action: "UNCHANGED" as const, state: "LINKED" as const, organizer: row.organizer, previousOrganizerId: null }
      const organizer = yield* newOrganizerFor(principal, club)
      const linked = yield* Effect.flatMap(ClubOrganizerLinkRepo, (r) => r.linkIf(club.id, organizer.id, row.organizerId))
      if (Option.isNone(linked)) {
        // A concurrent repair linked this club first: drop ours and report theirs.
        yield* Effect.flatMap(OrganizerRepo, (r) => r.remove(organizer.id))
        const now = yield* rowOf(club)
        return { club, action: "UNCHANGED" as const, state: now.state, organizer: now.organizer, previousOrganizerId: null }
      }
      const action = row.state === "MISSING" ? "CREATED" as const : "RELINKED" as const
      yield* auditClub(`club.organizer_account.${action === "CREATED" ? "created" : "relinked"}`, principal, club.id, {
        data: { organizerId: organizer.id, previousOrganizerId: row.organizerId }
      })
      return { club, action, state: "LINKED" as const, organizer, previousOrganizerId: row.organizerId }
    }))
  return {
    created: results.filter((r) => r.action === "CREATED").length,
    relinked: results.filter((r) => r.action === "RELINKED").length,
    unchanged: results.filter((r) => r.action === "UNCHANGED").length,
    items: results
  }
})
