/** In-memory twin of the charities repository: the same move table, a registration number taken once. */
import type { Charity } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { CharityMoves, CharityNotFound, CharityRegistrationTaken } from "../challenges/charity.model.js"
import { CharityRepo } from "../challenges/charity.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const CharityRepoMemory = Layer.sync(CharityRepo, () => {
  const charities = new Map<string, Charity>()
  return CharityRepo.of({
    create: (c) =>
      Effect.gen(function*() {
        if ([...charities.values()].some((x) => x.registrationNumber === c.registrationNumber)) {
          return yield* new CharityRegistrationTaken({ registrationNumber: c.registrationNumber })
        }
        const at = new Date()
        const row: Charity = { ...c, id: nextMemoryId(), status: "UNVERIFIED", statusReason: null, createdAt: at, updatedAt: at }
        charities.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(charities.get(id))),
    list: (status, p) =>
      Effect.sync(() => {
        const all = [...charities.values()].filter((c) => status === undefined || c.status === status).reverse()
        return { items: all.slice((p.page - 1) * p.limit, p.page * p.limit), total: all.length }
      }),
    move: (id, status, reason) =>
      Effect.gen(function*() {
        const c = charities.get(id)
        if (c === undefined) return yield* new CharityNotFound({ id })
        const next = CharityMoves.transition(c.status, status)
        if (Either.isLeft(next)) return yield* next.left
        const row: Charity = { ...c, status: next.right, statusReason: reason, updatedAt: new Date() }
        charities.set(id, row)
        return row
      })
  })
})
