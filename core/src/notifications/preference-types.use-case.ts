/**
 * Preference types (C "Athlete / Notifications" GET, POST, DELETE /v2/notifications/preferences-types):
 * the kinds of notification a user may subscribe to or opt out of, with the caller's state. The
 * types are the athlete categories (challenges, events, activity), marketing, and every enabled
 * admin category for users (audience USER or ALL). POST subscribes (category switch on), DELETE
 * opts out (switch off); the sender honours the switch (preference.model.ts). A category an admin
 * marked not user-controllable (transactional) cannot be switched off (400), and an unknown type
 * answers 404.
 */
import { DomainError } from "@podium/kernel"
import { Effect, Either, Option, Schema } from "effect"
import { parseListQuery } from "../platform/list-query.model.js"
import { NotificationCategoryRepo, NotificationCategoryResource } from "./category.model.js"
import { PreferenceRepo } from "./outbox.port.js"
import { AthleteCategories } from "./preference.model.js"

export interface PreferenceType {
  readonly key: string
  readonly name: string
  readonly description: string | null
  /** False: the user cannot opt out. */
  readonly userControllable: boolean
  /** The caller's switch (missing means subscribed). */
  readonly subscribed: boolean
}

const builtIn: ReadonlyArray<Omit<PreferenceType, "subscribed">> = [
  ...AthleteCategories.map((key) => ({ key, name: key[0]!.toUpperCase() + key.slice(1), description: null, userControllable: true })),
  { key: "marketing", name: "Marketing", description: "Promotions from organizers and the platform", userControllable: true }
]

export class PreferenceTypeUnknown extends DomainError<PreferenceTypeUnknown>()("PreferenceTypeUnknown", { kind: "not-found", code: "PREFERENCE_TYPE_NOT_FOUND" }, { type: Schema.String }) {
  override get message() {
    return `No notification preference type ${this.type}`
  }
}

export class PreferenceTypeLocked extends DomainError<PreferenceTypeLocked>()("PreferenceTypeLocked", { kind: "invalid", code: "PREFERENCE_TYPE_LOCKED" }, { type: Schema.String }) {
  override get message() {
    return `Notifications of type ${this.type} cannot be switched off`
  }
}

const catalog = Effect.gen(function*() {
  const query = Either.getOrThrow(parseListQuery({ ...NotificationCategoryResource.list, maxLimit: 500 }, {
    filter: ["enabled||$eq||true", "audience||$in||USER,ALL"],
    limit: 500
  }))
  const admin = (yield* (yield* NotificationCategoryRepo).list(query)).data
  const known = new Map(builtIn.map((t) => [t.key, t]))
  for (const c of admin) {
    known.set(c.key, { key: c.key, name: c.name, description: c.description, userControllable: c.userControllable })
  }
  return [...known.values()]
})

/** Every type with the caller's state. */
export const preferenceTypes = Effect.fn("notifications.preferenceTypes")(function*(userId: string) {
  const preferences = yield* (yield* PreferenceRepo).get(userId)
  return (yield* catalog).map((t): PreferenceType => ({ ...t, subscribed: preferences.categories[t.key] !== false }))
})

/** Subscribes (true) or opts out (false) of one type; answers every type with the new state. */
export const setPreferenceType = Effect.fn("notifications.setPreferenceType")(function*(userId: string, type: string, subscribed: boolean) {
  const found = Option.fromNullable((yield* catalog).find((t) => t.key === type))
  if (Option.isNone(found)) return yield* new PreferenceTypeUnknown({ type })
  if (!subscribed && !found.value.userControllable) return yield* new PreferenceTypeLocked({ type })
  yield* (yield* PreferenceRepo).update(userId, { categories: { [type]: subscribed } })
  return yield* preferenceTypes(userId)
})
