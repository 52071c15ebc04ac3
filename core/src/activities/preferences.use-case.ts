/** Tracking preferences: read (defaults until first written) and partial update (only the given fields). */
import type { TrackingPreferences } from "@podium/kernel"
import { Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { TrackingPreferencesRepo } from "./activity.port.js"
import { checkUserPath } from "./anti-cheat.use-case.js"

export type PreferencesPatch = Partial<Omit<TrackingPreferences, "userId" | "updatedAt">>

export const trackingPreferences = Effect.fn("activities.preferences.get")(function*(principal: Principal, userId: string) {
  const owner = yield* checkUserPath(principal, userId)
  return (yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.get(owner))).preferences
})

export const updateTrackingPreferences = Effect.fn("activities.preferences.update")(function*(principal: Principal, userId: string, patch: PreferencesPatch) {
  const owner = yield* checkUserPath(principal, userId)
  return yield* Effect.flatMap(TrackingPreferencesRepo, (r) => r.update(owner, patch))
})
