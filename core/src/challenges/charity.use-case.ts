/**
 * Charities: admins register them (UNVERIFIED), move them through verification (audited), and list
 * and read them. A challenge may name only a VERIFIED charity as where its entry fees go.
 */
import type { CharityStatus } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { ChallengeInputInvalid } from "./challenge.model.js"
import { CharityNotFound } from "./charity.model.js"
import { CharityRepo, type NewCharity } from "./charity.port.js"

export const registerCharity = Effect.fn("challenges.charities.register")(function*(admin: Principal, input: Omit<NewCharity, "createdBy">) {
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const charity = yield* Effect.flatMap(CharityRepo, (r) => r.create({ ...input, createdBy: admin.accountId }))
      yield* auditSubject("challenges.charity.registered", admin, { kind: "charity", id: charity.id }, { data: { registrationNumber: charity.registrationNumber } })
      return charity
    })))
})

export const getCharity = Effect.fn("challenges.charities.get")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(CharityRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new CharityNotFound({ id })
  return found.value
})

export const listCharities = (status: CharityStatus | undefined, page: { readonly page: number; readonly limit: number }) =>
  Effect.flatMap(CharityRepo, (r) => r.list(status, page))

/** Moves a charity to `status` when legal from where it is (409 CHARITY_STATUS_MOVE_REFUSED otherwise), audited with the reason. */
export const setCharityStatus = Effect.fn("challenges.charities.status")(function*(
  admin: Principal,
  id: string,
  input: { readonly status: CharityStatus; readonly reason?: string | undefined }
) {
  const before = yield* getCharity(id)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const moved = yield* Effect.flatMap(CharityRepo, (r) => r.move(before.id, input.status, input.reason ?? null))
      yield* auditSubject("challenges.charity.status_changed", admin, { kind: "charity", id: moved.id }, {
        ...(input.reason === undefined ? {} : { reason: input.reason }),
        data: { from: before.status, to: moved.status }
      })
      return moved
    })))
})

/** The charity a challenge names must be VERIFIED when it is named (400 otherwise, in the body's wording). */
export const requireVerifiedCharity = (charityId: string | null | undefined) =>
  charityId === null || charityId === undefined
    ? Effect.void
    : Effect.flatMap(Effect.flatMap(CharityRepo, (r) => (isUuid(charityId) ? r.findById(charityId) : Effect.succeed(Option.none()))), (found) =>
      Option.isSome(found) && found.value.status === "VERIFIED"
        ? Effect.void
        : Effect.fail(new ChallengeInputInvalid({ messages: ["charityId must name a verified charity"] })))
