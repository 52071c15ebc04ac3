/**
 * Organizer team: list, invite (the invitee accepts through /v2/me/organizer-memberships/{id}/accept),
 * change role, revoke, and the activity log (the organizer's audit rows, newest first). The last
 * ACTIVE OWNER can be neither demoted nor revoked (LastOwner, 409).
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { type OrganizerAccessGrant, OrganizerStateConflict, TeamMemberNotFound, type TeamRole } from "./organizer.model.js"
import { TeamRepo } from "./organizer.port.js"
import { auditOrganizer } from "./organizer.use-case.js"
import { isUuid, personOf } from "./tenancy.policy.js"

export const listTeam = (grant: OrganizerAccessGrant) => Effect.flatMap(TeamRepo, (r) => r.listTeam(grant.organizerId))

/** Invites a person by phone and/or e-mail with a role; 409 when they are already on the team. */
export const inviteMember = Effect.fn("organizers.team.invite")(function*(principal: Principal, grant: OrganizerAccessGrant, input: {
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly name: string | null
  readonly role: TeamRole
}) {
  // Only an OWNER (or a platform admin) may create another OWNER.
  if (input.role === "OWNER" && grant.role === "ADMIN") {
    return yield* new OrganizerStateConflict({ code: "OWNER_REQUIRED", message: "Only an OWNER can invite another OWNER" })
  }
  const invited = yield* Effect.flatMap(TeamRepo, (r) => r.invite({ ...input, organizerId: grant.organizerId, invitedBy: grant.memberId }))
  if (Option.isNone(invited)) {
    return yield* new OrganizerStateConflict({ code: "ALREADY_A_MEMBER", message: "This person is already on the team or invited" })
  }
  yield* auditOrganizer("organizer.team.invited", principal, grant.organizerId, { data: { memberId: invited.value.id, role: input.role } })
  return invited.value
})

export const changeMemberRole = Effect.fn("organizers.team.changeRole")(function*(
  principal: Principal,
  grant: OrganizerAccessGrant,
  memberId: string,
  role: TeamRole
) {
  if (!isUuid(memberId)) return yield* new TeamMemberNotFound({ memberId })
  if (grant.role === "ADMIN") {
    const target = yield* Effect.flatMap(TeamRepo, (r) => r.findMember(grant.organizerId, memberId))
    if (role === "OWNER" || (Option.isSome(target) && target.value.role === "OWNER")) {
      return yield* new OrganizerStateConflict({ code: "OWNER_REQUIRED", message: "Only an OWNER can grant or change the OWNER role" })
    }
  }
  const changed = yield* Effect.flatMap(TeamRepo, (r) => r.change(grant.organizerId, memberId, { _tag: "Role", role }))
  yield* auditOrganizer("organizer.team.role_changed", principal, grant.organizerId, { data: { memberId, role } })
  return changed
})

export const revokeMember = Effect.fn("organizers.team.revoke")(function*(principal: Principal, grant: OrganizerAccessGrant, memberId: string) {
  if (!isUuid(memberId)) return yield* new TeamMemberNotFound({ memberId })
  if (grant.role === "ADMIN") {
    const target = yield* Effect.flatMap(TeamRepo, (r) => r.findMember(grant.organizerId, memberId))
    if (Option.isSome(target) && target.value.role === "OWNER") {
      return yield* new OrganizerStateConflict({ code: "OWNER_REQUIRED", message: "Only an OWNER can revoke an OWNER" })
    }
  }
  const revoked = yield* Effect.flatMap(TeamRepo, (r) => r.change(grant.organizerId, memberId, { _tag: "Revoke" }))
  yield* auditOrganizer("organizer.team.revoked", principal, grant.organizerId, { data: { memberId } })
  return revoked
})

/** Accepts an invitation addressed to the caller (matched by phone, e-mail or account). */
export const acceptMembership = Effect.fn("organizers.team.accept")(function*(principal: Principal, memberId: string) {
  const person = yield* personOf(principal)
  const accepted = Option.isNone(person) || !isUuid(memberId)
    ? Option.none()
    : yield* Effect.flatMap(TeamRepo, (r) => r.accept(memberId, person.value))
  if (Option.isNone(accepted)) return yield* new TeamMemberNotFound({ memberId })
  yield* auditOrganizer("organizer.team.accepted", principal, accepted.value.organizerId, { data: { memberId } })
  return accepted.value
})

/** The organizer's activity (its audit rows), newest first; `before` is the seq cursor of the last row seen. */
export const teamActivity = Effect.fn("organizers.team.activity")(function*(grant: OrganizerAccessGrant, input: {
  readonly limit: number
  readonly before?: number | undefined
}) {
  const rows = yield* Effect.flatMap(AuditLog, (log) =>
    log.list({
      subjectKind: "organizer",
      subjectId: grant.organizerId,
      limit: input.limit,
      ...(input.before === undefined ? {} : { beforeSeq: input.before })
    }))
  const last = rows.at(-1)
  return { items: rows, nextBefore: rows.length === input.limit && last !== undefined ? last.seq : null }
})
