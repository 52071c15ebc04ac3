/**
 * The tenancy policy (A 5.4): an organizer-scoped operation needs the caller to be an ACTIVE team
 * member of the organizer it names, with one of the operation's roles (OWNER/ADMIN; some reads also
 * VIEWER); platform admins pass only where the operation says so. Every organizer-scoped route
 * goes through `requireOrganizerRole`, so an id of another tenant never reads or changes its data.
 *
 * Who "the caller" is: an organizer principal is a team-member row (organizer sign-in), an athlete
 * principal is a user; both are reduced to the person's keys (user id, phone, e-mail), and a
 * membership of the named organizer matching any key counts. That is what lets one person sign in
 * once (as organizer or athlete) and act for every organizer whose team they are on.
 */
import { Effect, Option } from "effect"
import { OrganizerMemberRepo, UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import {
  OrganizerAccessDenied,
  type OrganizerAccessGrant,
  OrganizerNotFound,
  OrganizerSuspended,
  type TeamRole
} from "./organizer.model.js"
import { OrganizerRepo, type PersonKeys, TeamRepo } from "./organizer.port.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Whether `id` can name a row at all (anything else is answered like an unknown id). */
export const isUuid = (id: string): boolean => Uuid.test(id)

/** The person behind a principal; none for kinds that are never team members (admin, crew, sponsor). */
export const personOf = (principal: Principal): Effect.Effect<Option.Option<PersonKeys>, never, UserRepo | OrganizerMemberRepo> =>
  Effect.gen(function*() {
    if (principal.accountKind === "user") {
      const user = yield* Effect.flatMap(UserRepo, (r) => r.findById(principal.accountId))
      return Option.map(user, (u) => ({ userId: u.id, phoneNumber: u.phoneNumber, email: u.email }))
    }
    if (principal.accountKind === "organizer") {
      const member = yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findById(principal.accountId))
      return Option.map(member, (m) => ({ userId: m.userId, phoneNumber: m.phoneNumber, email: m.email }))
    }
    return Option.none()
  })

export interface TenancyOptions {
  /** Platform admins may use the operation on any organizer. */
  readonly platformAdmin?: boolean
}

/**
 * Grants the caller access to `organizerId` when they hold one of `roles` there (or are a platform
 * admin and the operation allows it). Fails with OrganizerAccessDenied (403) otherwise — also for
 * unknown organizers, so outsiders learn nothing — with OrganizerSuspended (403) for the team of a
 * suspended organizer, and with OrganizerNotFound (404) only for admins.
 */
export const requireOrganizerRole = Effect.fn("organizers.tenancy.require")(function*(
  principal: Principal,
  organizerId: string,
  roles: ReadonlyArray<TeamRole>,
  options: TenancyOptions = {}
) {
  const organizers = yield* OrganizerRepo
  if (principal.accountKind === "admin" && principal.role === "admin" && options.platformAdmin === true) {
    if (!isUuid(organizerId) || Option.isNone(yield* organizers.findById(organizerId))) {
      return yield* new OrganizerNotFound({ organizerId })
    }
    const grant: OrganizerAccessGrant = { organizerId, role: "PLATFORM_ADMIN", memberId: null }
    return grant
  }
  if (!isUuid(organizerId)) return yield* new OrganizerAccessDenied({ organizerId })
  const person = yield* personOf(principal)
  if (Option.isNone(person)) return yield* new OrganizerAccessDenied({ organizerId })
  const membership = yield* Effect.flatMap(TeamRepo, (r) => r.findActiveMembership(organizerId, person.value))
  if (Option.isNone(membership) || !roles.includes(membership.value.role)) {
    return yield* new OrganizerAccessDenied({ organizerId })
  }
  const organizer = yield* organizers.findById(organizerId)
  if (Option.isNone(organizer)) return yield* new OrganizerAccessDenied({ organizerId })
  if (organizer.value.approvalStatus === "SUSPENDED") return yield* new OrganizerSuspended({ organizerId })
  const grant: OrganizerAccessGrant = { organizerId, role: membership.value.role, memberId: membership.value.id }
  return grant
})

/**
 * The organizer an organizer-portal route (`/v2/organizer/...`, no id in the path) acts for when
 * the request names none: an organizer principal's own team row's organizer; for an athlete, their
 * oldest ACTIVE membership. None when the caller has no team at all.
 */
export const defaultOrganizerOf = (principal: Principal) =>
  Effect.gen(function*() {
    if (principal.accountKind === "organizer") {
      const member = yield* Effect.flatMap(OrganizerMemberRepo, (r) => r.findById(principal.accountId))
      return Option.map(member, (m) => m.organizerId)
    }
    const person = yield* personOf(principal)
    if (Option.isNone(person)) return Option.none<string>()
    const memberships = yield* Effect.flatMap(TeamRepo, (r) => r.membershipsOf(person.value))
    return Option.fromNullable(memberships.find((m) => m.member.status === "ACTIVE")?.member.organizerId)
  })
