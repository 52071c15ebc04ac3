/**
 * Admin verification of organizers (B "Verification", organizer rows): the queue of organizers by
 * approval status with their KYC state and partner-A tag, one organizer's full verification record,
 * approve / reject of the organizer account itself, and the partner-A tag.
 *
 * Decisions where the spec is silent:
 * - Verification decides the organizer's approvalStatus (the KYC review decides the KYC and, as a
 *   consequence, moves the organizer too; see kyc.use-case.ts): approve PENDING or REJECTED →
 *   APPROVED (review reason cleared); reject PENDING → REJECTED with `{reason}` (10–500, verbatim as
 *   the organizer's reviewReason). An APPROVED organizer is taken out through suspension instead.
 *   Other states → 409 ORGANIZER_VERIFICATION_STATE.
 * - The queue defaults to PENDING, oldest first.
 */
import { Effect, Either, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { parseListQuery } from "../platform/list-query.model.js"
import { KycRepo } from "./kyc.port.js"
import { type ApprovalStatus, type Organizer, OrganizerNotFound, OrganizerStateConflict } from "./organizer.model.js"
import { OrganizerRepo } from "./organizer.port.js"
import { auditOrganizer, OrganizerListSpec } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

const findOrganizer = (organizerId: string) =>
  Effect.gen(function*() {
    const organizer = isUuid(organizerId) ? yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(organizerId)) : Option.none()
    if (Option.isNone(organizer)) return yield* new OrganizerNotFound({ organizerId })
    return organizer.value
  })

/** The verification queue: organizers in `status` (default PENDING), oldest first, with KYC and tag. */
export const verificationQueue = Effect.fn("organizers.verification.queue")(function*(input: {
  readonly status: ApprovalStatus
  readonly page: number
  readonly limit: number
}) {
  const query = parseListQuery(OrganizerListSpec, {
    filter: [`approvalStatus||$eq||${input.status}`],
    sort: ["createdAt,ASC", "id,ASC"],
    page: input.page,
    limit: input.limit
  })
  if (Either.isLeft(query)) return yield* Effect.die(query.left)
  const page = yield* Effect.flatMap(OrganizerRepo, (r) => r.list(query.right))
  const ids = page.data.map((o) => o.id!).filter((id) => id !== undefined)
  const kycs = yield* Effect.flatMap(KycRepo, (r) => r.findByOrganizers(ids))
  const tagged = new Set(yield* Effect.flatMap(KycRepo, (r) => r.partnerATagged(ids)))
  return {
    page,
    rows: page.data.map((o) => ({
      organizer: o,
      kyc: kycs.find((k) => k.organizerId === o.id) ?? null,
      partnerATag: tagged.has(o.id!)
    }))
  }
})

/** One organizer's verification record: the organizer, its KYC (or null) and the partner-A tag. */
export const verificationRecord = Effect.fn("organizers.verification.get")(function*(organizerId: string) {
  const organizer = yield* findOrganizer(organizerId)
  const kyc = yield* Effect.flatMap(KycRepo, (r) => r.findByOrganizer(organizer.id))
  const tagged = yield* Effect.flatMap(KycRepo, (r) => r.partnerATagged([organizer.id]))
  return { organizer, kyc: Option.getOrNull(kyc), partnerATag: tagged.length > 0 }
})

const decide = (admin: Principal, organizerId: string, from: ReadonlyArray<ApprovalStatus>, to: ApprovalStatus, reason: string | null) =>
  Effect.gen(function*() {
    const current = yield* findOrganizer(organizerId)
    const organizers = yield* OrganizerRepo
    const moved = yield* organizers.transition(current.id, from, to, {})
    if (Option.isNone(moved)) {
      const now = yield* findOrganizer(organizerId)
      return yield* new OrganizerStateConflict({
        code: "ORGANIZER_VERIFICATION_STATE",
        message: `The organizer is ${now.approvalStatus}; this needs ${from.join(" or ")}`
      })
    }
    const updated = yield* organizers.update(current.id, { reviewReason: reason }).pipe(Effect.orDie)
    yield* auditOrganizer(`organizer.verification.${to === "APPROVED" ? "approved" : "rejected"}`, admin, current.id, {
      ...(reason === null ? {} : { reason }),
      data: { from: current.approvalStatus, to }
    })
    return Option.getOrElse(updated, () => moved.value) as Organizer
  })

/** Admin: PENDING or REJECTED → APPROVED. */
export const approveOrganizerVerification = (admin: Principal, organizerId: string) =>
  decide(admin, organizerId, ["PENDING", "REJECTED"], "APPROVED", null)

/** Admin: PENDING → REJECTED with the reason (kept verbatim as the organizer's reviewReason). */
export const rejectOrganizerVerification = (admin: Principal, organizerId: string, reason: string) =>
  decide(admin, organizerId, ["PENDING"], "REJECTED", reason)

/** Admin: sets or clears the partner-A tag (audited). */
export const setPartnerATag = Effect.fn("organizers.verification.partnerATag")(function*(admin: Principal, organizerId: string, on: boolean) {
  const organizer = yield* findOrganizer(organizerId)
  yield* Effect.flatMap(KycRepo, (r) => r.setPartnerATag(organizer.id, on))
  yield* auditOrganizer("organizer.partner_a_tag.set", admin, organizer.id, { data: { partnerATag: on } })
  return { organizerId: organizer.id, partnerATag: on }
})
