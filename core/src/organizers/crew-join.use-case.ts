/** Crew join codes: organizer create/list/update/revoke, public preview and redeem (audited). */
import { Clock, Effect, Option } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { CrewJoinCodeNotFound, crewJoinCodeStatus, CrewJoinCodeUnusable, normalizeJoinCode } from "./crew-join.model.js"
import { type CrewJoiner, CrewJoinCodeRepo } from "./crew-join.port.js"
import { OrganizerInputInvalid, OrganizerNotFound } from "./organizer.model.js"
import { OrganizerRepo } from "./organizer.port.js"
import { actorOf } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

const audit = (action: string, actor: { readonly kind: string; readonly id: string | null }, codeId: string, data: Readonly<Record<string, unknown>>) =>
  Effect.flatMap(AuditLog, (log) => log.append({ action, actor, subject: { kind: "crew_join_code", id: codeId }, data })).pipe(Effect.asVoid)

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const drawCode = Effect.gen(function*() {
  const random = yield* SecureRandom
  for (;;) {
    const text = (yield* random.token(15)).replace(/[^A-Za-z0-9]/g, "").toUpperCase()
    if (text.length >= 10) return text.slice(0, 10)
  }
})

const checkFuture = (expiresAt: Date | null | undefined, at: Date) =>
  expiresAt !== undefined && expiresAt !== null && expiresAt.getTime() <= at.getTime()
    ? Effect.fail(new OrganizerInputInvalid({ messages: ["expiresAt must be in the future"] }))
    : Effect.void

export const createCrewJoinCode = Effect.fn("organizers.crewJoinCodes.create")(function*(
  principal: Principal,
  organizerId: string,
  input: { readonly label: string | null; readonly expiresAt: Date | null; readonly maxUses: number | null }
) {
  yield* checkFuture(input.expiresAt, yield* now)
  const repo = yield* CrewJoinCodeRepo
  for (;;) {
    const created = yield* repo.create({ organizerId, code: yield* drawCode, ...input, createdBy: principal.accountId })
    if (Option.isSome(created)) {
      yield* audit("crew_join_code.created", actorOf(principal), created.value.id, { organizerId, maxUses: input.maxUses, expiresAt: input.expiresAt })
      return created.value
    }
  }
})

export const listCrewJoinCodes = (organizerId: string) => Effect.flatMap(CrewJoinCodeRepo, (r) => r.list(organizerId))

const notFound = () => Effect.fail(new CrewJoinCodeNotFound())

export const updateCrewJoinCode = Effect.fn("organizers.crewJoinCodes.update")(function*(
  principal: Principal,
  organizerId: string,
  id: string,
  patch: { readonly label?: string | null; readonly expiresAt?: Date | null; readonly maxUses?: number | null }
) {
  if (!isUuid(id)) return yield* notFound()
  yield* checkFuture(patch.expiresAt, yield* now)
  const result = yield* Effect.flatMap(CrewJoinCodeRepo, (r) => r.update(organizerId, id, patch))
  if (result === "below_uses") return yield* new OrganizerInputInvalid({ messages: ["maxUses must not be below the uses so far"] })
  if (Option.isNone(result)) return yield* notFound()
  yield* audit("crew_join_code.updated", actorOf(principal), id, { organizerId, fields: Object.keys(patch) })
  return result.value
})

export const revokeCrewJoinCode = Effect.fn("organizers.crewJoinCodes.revoke")(function*(principal: Principal, organizerId: string, id: string) {
  if (!isUuid(id)) return yield* notFound()
  const result = yield* Effect.flatMap(CrewJoinCodeRepo, (r) => r.revoke(organizerId, id))
  if (Option.isNone(result)) return yield* notFound()
  yield* audit("crew_join_code.revoked", actorOf(principal), id, { organizerId })
  return result.value
})

/** What a volunteer sees before joining; unusable codes answer their reason. Persists nothing. */
export const previewCrewJoinCode = Effect.fn("organizers.crewJoinCodes.preview")(function*(code: string) {
  const found = yield* Effect.flatMap(CrewJoinCodeRepo, (r) => r.findByCode(normalizeJoinCode(code)))
  if (Option.isNone(found)) return yield* notFound()
  const status = crewJoinCodeStatus(found.value, yield* now)
  if (status !== "ACTIVE") return yield* new CrewJoinCodeUnusable({ status })
  const organizer = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(found.value.organizerId))
  if (Option.isNone(organizer)) return yield* notFound()
  return { code: found.value, organizerName: organizer.value.name, organizerSlug: organizer.value.slug }
})

/** Redeems a code: creates (or finds) the volunteer's crew row for the organizer. */
export const redeemCrewJoinCode = Effect.fn("organizers.crewJoinCodes.redeem")(function*(code: string, joiner: CrewJoiner) {
  const at = yield* now
  const result = yield* Effect.flatMap(CrewJoinCodeRepo, (r) =>
    r.redeem(normalizeJoinCode(code), { ...joiner, email: joiner.email === null ? null : joiner.email.toLowerCase() }, at))
  const organizer = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(result.code.organizerId))
  if (Option.isNone(organizer)) return yield* new OrganizerNotFound({ organizerId: result.code.organizerId })
  if (result.created) {
    yield* audit("crew_join_code.redeemed", { kind: "crew", id: result.member.id }, result.code.id, {
      organizerId: result.code.organizerId,
      crewMemberId: result.member.id
    })
  }
  return { ...result, organizerName: organizer.value.name }
})

