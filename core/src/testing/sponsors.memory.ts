/** In-memory twins of the sponsors repositories: the same move tables, one account per brand and user. */
import type { SponsorAccount, SponsorBrand } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { SponsorAccountExists, SponsorAccountMoves, SponsorAccountNotFound, SponsorBrandMoves, SponsorBrandNotFound } from "../sponsors/sponsor.model.js"
import { SponsorAccountRepo, SponsorBrandRepo } from "../sponsors/sponsor.port.js"
import { nextMemoryId } from "./sequential-id.js"
import { SponsorshipRepoMemory } from "./sponsorship.memory.js"

export const SponsorBrandRepoMemory = Layer.sync(SponsorBrandRepo, () => {
  const brands = new Map<string, SponsorBrand>()
  return SponsorBrandRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorBrand = { id: nextMemoryId(), name: input.name, status: "PENDING", approvedAt: null, reason: null, createdBy: input.createdBy, createdAt: at, updatedAt: at }
        brands.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(brands.get(id))),
    move: (id, move, reason) =>
      Effect.gen(function*() {
        const b = brands.get(id)
        if (b === undefined) return yield* new SponsorBrandNotFound({ id })
        const next = SponsorBrandMoves.transition(b.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: SponsorBrand = { ...b, status: next.right, reason, approvedAt: move === "approve" ? at : b.approvedAt, updatedAt: at }
        brands.set(id, row)
        return row
      })
  })
})

export const SponsorAccountRepoMemory = Layer.sync(SponsorAccountRepo, () => {
  const accounts = new Map<string, SponsorAccount>()
  return SponsorAccountRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if ([...accounts.values()].some((a) => a.brandId === input.brandId && a.userId === input.userId)) {
          return yield* new SponsorAccountExists({ brandId: input.brandId, userId: input.userId })
        }
        const at = new Date()
        const row: SponsorAccount = { ...input, id: nextMemoryId(), status: "ACTIVE", statusReason: null, createdAt: at, updatedAt: at }
        accounts.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(accounts.get(id))),
    find: (brandId, userId) => Effect.sync(() => Option.fromNullable([...accounts.values()].find((a) => a.brandId === brandId && a.userId === userId))),
    listByBrand: (brandId) => Effect.sync(() => [...accounts.values()].filter((a) => a.brandId === brandId)),
    setStatus: (id, status, reason) =>
      Effect.gen(function*() {
        const a = accounts.get(id)
        if (a === undefined) return yield* new SponsorAccountNotFound({ id })
        const next = SponsorAccountMoves.transition(a.status, status)
        if (Either.isLeft(next)) return yield* next.left
        const row: SponsorAccount = { ...a, status: next.right, statusReason: reason, updatedAt: new Date() }
        accounts.set(id, row)
        return row
      })
  })
})

export const SponsorsReposMemory = Layer.mergeAll(SponsorBrandRepoMemory, SponsorAccountRepoMemory, SponsorshipRepoMemory)
