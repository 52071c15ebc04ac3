/**
 * Organizer oversight (A 3, B "Organizer oversight"): admin suspend (APPROVED → SUSPENDED) revokes
 * the organizer's access — the tenancy policy refuses its team while SUSPENDED and organizer
 * sign-in refuses its members — and ends every session of every team member at once; unsuspend
 * returns it to APPROVED. Both are conditional updates (a concurrent second move gets 409) and
 * write an audit row.
 *
 * Sessions ended: the organizer-kind sessions of every member row of the team (organizer sign-in).
 * A member who acts through an athlete account keeps that athlete session (it is their personal
 * account), but the tenancy policy refuses it on every route of the suspended organizer.
 */
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { revokeAllSessions } from "../identity/session.use-case.js"
import { KycRepo } from "./kyc.port.js"
import { OrganizerNotFound, OrganizerStateConflict } from "./organizer.model.js"
import { OrganizerRepo, TeamRepo } from "./organizer.port.js"
import { auditOrganizer } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

const findOrganizer = (organizerId: string) =>
  Effect.gen(function*() {
    const organizer = isUuid(organizerId) ? yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(organizerId)) : Option.none()
    if (Option.isNone(organizer)) return yield* new OrganizerNotFound({ organizerId })
    return organizer.value
  })

/** Admin: APPROVED → SUSPENDED with the reason; every team member's sessions are revoked. */
export const suspendOrganizer = Effect.fn("organizers.suspend")(function*(admin: Principal, organizerId: string, reason: string) {
  const current = yield* findOrganizer(organizerId)
  const at = new Date(yield* Clock.currentTimeMillis)
  const moved = yield* Effect.flatMap(OrganizerRepo, (r) =>
    r.transition(current.id, ["APPROVED"], "SUSPENDED", { suspendReason: reason, suspendedAt: at }))
  if (Option.isNone(moved)) {
    const now = yield* findOrganizer(organizerId)
    return yield* new OrganizerStateConflict({
      code: "ORGANIZER_NOT_APPROVED",
      message: `Only an APPROVED organizer can be suspended (this one is ${now.approvalStatus})`
    })
  }
  const members = yield* Effect.flatMap(TeamRepo, (r) => r.memberAccounts(current.id))
  const revoked = yield* Effect.forEach(
    members,
    (m) => revokeAllSessions({ kind: "organizer", id: m.memberId }, "organizer_suspended"),
    { concurrency: 4 }
  )
  const sessions = revoked.reduce((n, ids) => n + ids.length, 0)
  yield* auditOrganizer("organizer.suspended", admin, current.id, { reason, data: { members: members.length, sessionsRevoked: sessions } })
  return { organizer: moved.value, sessionsRevoked: sessions }
})

/** Admin: SUSPENDED → APPROVED (suspension reason and time cleared). */
export const unsuspendOrganizer = Effect.fn("organizers.unsuspend")(function*(admin: Principal, organizerId: string) {
  const current = yield* findOrganizer(organizerId)
  const moved = yield* Effect.flatMap(OrganizerRepo, (r) =>
    r.transition(current.id, ["SUSPENDED"], "APPROVED", { suspendReason: null, suspendedAt: null }))
  if (Option.isNone(moved)) {
    const now = yield* findOrganizer(organizerId)
    return yield* new OrganizerStateConflict({
      code: "ORGANIZER_NOT_SUSPENDED",
      message: `Only a SUSPENDED organizer can be unsuspended (this one is ${now.approvalStatus})`
    })
  }
  yield* auditOrganizer("organizer.unsuspended", admin, current.id)
  return moved.value
})

/** Admin oversight read: the organizer (incl. suspension), its KYC state and team size. */
export const organizerOversight = Effect.fn("organizers.oversight")(function*(organizerId: string) {
  const organizer = yield* findOrganizer(organizerId)
  const team = yield* Effect.flatMap(TeamRepo, (r) => r.listTeam(organizer.id))
  const kyc = yield* Effect.flatMap(KycRepo, (r) => r.findByOrganizer(organizer.id))
  return { organizer, teamSize: team.filter((m) => m.status === "ACTIVE").length, kyc: Option.getOrNull(kyc) }
})
