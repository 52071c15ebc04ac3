/** An athlete's gear (owner-scoped) and the admin-kept gear types (a plain collection). */
import { GearType } from "@podium/kernel"
import { Context, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { type CollectionRepo, defineCollection } from "../platform/collection.js"
import { ActivityInputInvalid, GearNotFound, isUuid } from "./activity.model.js"
import { type GearInput, GearRepo } from "./activity.port.js"

export const GearTypes = defineCollection({
  resource: "gear type",
  record: GearType,
  writable: ["name", "description", "isActive"],
  defaults: { description: null, isActive: true },
  unique: ["name"],
  sort: [{ field: "name", order: "ASC" }],
  searchable: ["name"]
})

export class GearTypeRepo extends Context.Tag("@podium/core/activities/GearTypeRepo")<GearTypeRepo, CollectionRepo<typeof GearTypes>>() {}

const checkType = Effect.fn("gears.checkType")(function*(gearTypeId: string | null | undefined) {
  if (gearTypeId === undefined || gearTypeId === null) return
  const found = yield* Effect.flatMap(GearTypeRepo, (r) => r.get(gearTypeId))
  if (Option.isNone(found)) return yield* new ActivityInputInvalid({ messages: ["gearTypeId must be an existing gear type"] })
})

export const ownGear = Effect.fn("gears.own")(function*(principal: Principal, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(GearRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new GearNotFound({ id })
  return found.value
})

export const listGears = (principal: Principal) => Effect.flatMap(GearRepo, (r) => r.list(principal.accountId))

export const createGear = Effect.fn("gears.create")(function*(principal: Principal, input: GearInput) {
  yield* checkType(input.gearTypeId)
  return yield* Effect.flatMap(GearRepo, (r) => r.create(principal.accountId, input))
})

export const updateGear = Effect.fn("gears.update")(function*(principal: Principal, id: string, patch: Partial<GearInput>) {
  yield* ownGear(principal, id)
  yield* checkType(patch.gearTypeId)
  return yield* Effect.flatMap(GearRepo, (r) => r.update(id, patch))
})

/** Deletes the gear; its activities keep their numbers and lose the link. */
export const deleteGear = Effect.fn("gears.delete")(function*(principal: Principal, id: string) {
  yield* ownGear(principal, id)
  yield* Effect.flatMap(GearRepo, (r) => r.remove(id))
  return { id, deleted: true as const }
})
