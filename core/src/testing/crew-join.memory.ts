/** In-memory twin of the crew join-code repository (crew rows kept locally; same visible rules as Postgres). */
import { Effect, Layer, Option } from "effect"
import type { CrewMember } from "../accounts/account.model.js"
import { type CrewJoinCode, CrewJoinCodeNotFound, crewJoinCodeStatus, CrewJoinCodeUnusable } from "../organizers/crew-join.model.js"
import { CrewJoinCodeRepo } from "../organizers/crew-join.port.js"
import { nextMemoryId } from "./sequential-id.js"


export const CrewJoinCodeRepoMemory: Layer.Layer<CrewJoinCodeRepo> = Layer.sync(CrewJoinCodeRepo, () => {
  const codes = new Map<string, CrewJoinCode>()
  const members = new Map<string, CrewMember & { readonly organizerId: string }>()
  const byCode = (code: string) => [...codes.values()].find((c) => c.code === code)
  return CrewJoinCodeRepo.of({
    create: (input) =>
      Effect.sync(() => {
        if (byCode(input.code) !== undefined) return Option.none()
        const now = new Date()
        const c: CrewJoinCode = { id: nextMemoryId(), ...input, uses: 0, revokedAt: null, createdAt: now, updatedAt: now }
        codes.set(c.id, c)
        return Option.some(c)
      }),
    list: (organizerId) => Effect.sync(() => [...codes.values()].filter((c) => c.organizerId === organizerId).reverse()),
    find: (organizerId, id) => Effect.sync(() => Option.fromNullable(codes.get(id)).pipe(Option.filter((c) => c.organizerId === organizerId))),
    findByCode: (code) => Effect.sync(() => Option.fromNullable(byCode(code))),
    update: (organizerId, id, patch) =>
      Effect.sync(() => {
        const c = codes.get(id)
        if (c === undefined || c.organizerId !== organizerId) return Option.none()
        if (patch.maxUses !== undefined && patch.maxUses !== null && patch.maxUses < c.uses) return "below_uses" as const
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
        const next = { ...c, ...defined, updatedAt: new Date() } as CrewJoinCode
        codes.set(id, next)
        return Option.some(next)
      }),
    revoke: (organizerId, id) =>
      Effect.sync(() => {
        const c = codes.get(id)
        if (c === undefined || c.organizerId !== organizerId) return Option.none()
        const next = { ...c, revokedAt: c.revokedAt ?? new Date(), updatedAt: new Date() }
        codes.set(id, next)
        return Option.some(next)
      }),
    redeem: (code, joiner, now) =>
      Effect.gen(function*() {
        const c = byCode(code)
        if (c === undefined) return yield* new CrewJoinCodeNotFound()
        const status = crewJoinCodeStatus(c, now)
        const existing = [...members.values()].find((m) =>
          m.organizerId === c.organizerId &&
          (joiner.phoneNumber !== null ? m.phoneNumber === joiner.phoneNumber : m.email === joiner.email)
        )
        if (existing !== undefined && status !== "REVOKED") {
          const { organizerId: _o, ...member } = existing
          return { code: c, member, created: false }
        }
        if (status !== "ACTIVE") return yield* new CrewJoinCodeUnusable({ status })
        const at = new Date()
        const member: CrewMember = { id: nextMemoryId(), ...joiner, status: "ACTIVE", createdAt: at, updatedAt: at }
        members.set(member.id, { ...member, organizerId: c.organizerId })
        const next = { ...c, uses: c.uses + 1, updatedAt: at }
        codes.set(c.id, next)
        return { code: next, member, created: true }
      })
  })
})
