/** Curated routes (B "Routes"): admin-kept, their distance measured from their points, soft-deleted, toggled active. */
import type { TrainingRoute } from "@podium/kernel"
import { Context, Effect, type Option } from "effect"
import { haversineMeters, round2 } from "../activities/track.js"
import { isUuid, RouteNotFound } from "./training.model.js"

export type RouteInput = Pick<TrainingRoute, "name" | "description" | "sport" | "city" | "difficulty" | "points" | "elevationGainMeters">
export type StoredRouteInput = RouteInput & Pick<TrainingRoute, "distanceMeters">

export interface RouteFilter {
  readonly q?: string | undefined
  readonly sport?: TrainingRoute["sport"] | undefined
  readonly isActive?: boolean | undefined
}

export class RouteRepo extends Context.Tag("@podium/core/training/RouteRepo")<RouteRepo, {
  readonly create: (input: StoredRouteInput) => Effect.Effect<TrainingRoute>
  readonly findById: (id: string) => Effect.Effect<Option.Option<TrainingRoute>>
  /** Routes that are not deleted, active or not, by name. */
  readonly list: (filter: RouteFilter) => Effect.Effect<ReadonlyArray<TrainingRoute>>
  readonly update: (id: string, patch: Partial<StoredRouteInput>) => Effect.Effect<TrainingRoute, RouteNotFound>
  readonly remove: (id: string) => Effect.Effect<void, RouteNotFound>
  /** Sets `isActive`, or flips it when undefined, in one statement. */
  readonly setActive: (id: string, isActive: boolean | undefined) => Effect.Effect<TrainingRoute, RouteNotFound>
}>() {}

/** The path's length along its points (haversine), in metres. */
export const routeDistance = (points: TrainingRoute["points"]) => round2(points.slice(1).reduce((sum, p, i) => sum + haversineMeters(points[i]!, p), 0))

const notFoundUnlessUuid = (id: string) => (isUuid(id) ? Effect.void : Effect.fail(new RouteNotFound({ id })))

export const listRoutes = (filter: RouteFilter) => Effect.flatMap(RouteRepo, (r) => r.list(filter))

export type NewRoute = Pick<RouteInput, "name" | "points"> & Partial<Omit<RouteInput, "name" | "points">>

export const createRoute = (input: NewRoute) =>
  Effect.flatMap(RouteRepo, (r) =>
    r.create({
      name: input.name,
      points: input.points,
      description: input.description ?? null,
      sport: input.sport ?? "run",
      city: input.city ?? null,
      difficulty: input.difficulty ?? "moderate",
      elevationGainMeters: input.elevationGainMeters ?? 0,
      distanceMeters: routeDistance(input.points)
    }))

export const updateRoute = Effect.fn("routes.update")(function*(id: string, patch: Partial<RouteInput>) {
  yield* notFoundUnlessUuid(id)
  const distance = patch.points === undefined ? {} : { distanceMeters: routeDistance(patch.points) }
  return yield* Effect.flatMap(RouteRepo, (r) => r.update(id, { ...patch, ...distance }))
})

export const deleteRoute = Effect.fn("routes.delete")(function*(id: string) {
  yield* notFoundUnlessUuid(id)
  yield* Effect.flatMap(RouteRepo, (r) => r.remove(id))
  return { id, deleted: true as const }
})

export const setRouteActive = Effect.fn("routes.active")(function*(id: string, isActive: boolean | undefined) {
  yield* notFoundUnlessUuid(id)
  return yield* Effect.flatMap(RouteRepo, (r) => r.setActive(id, isActive))
})
