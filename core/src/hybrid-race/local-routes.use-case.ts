/**
 * C "Hybrid race (user)" local routes: where an athlete racing away from the venue can cover the
 * race's running distance near them. Candidates are real data only: the platform's active curated
 * routes (training context, B "Routes") and the event's own course (its GPX upload). A candidate is
 * suggested when it passes within the search radius of the athlete; it is repeated in whole laps to
 * come closest to the target distance. Deterministic: the same data gives the same answer, ordered
 * by the gap to the target, then the walk to the route, then the id.
 */
import { Effect, Option } from "effect"
import { haversineMeters } from "../activities/track.js"
import { EventCourseRepo } from "../events/event-config/event-config.model.js"
import { publicEvent } from "../events/event.use-case.js"
import { RouteRepo } from "../training/routes.use-case.js"

/** A route must pass within this distance of the athlete to be suggested. */
export const LocalRouteRadiusMeters = 25_000
export const DefaultLocalRouteCount = 5
/** Sports a hybrid race's running legs can be done on. */
const OnFoot = new Set(["run", "walk", "hike"])

export interface LocalRouteRequest {
  readonly latitude: number
  readonly longitude: number
  readonly targetDistanceMeters: number
  readonly limit?: number | undefined
}

export interface LocalRouteSuggestion {
  readonly source: "route" | "event_course"
  /** The curated route's id, or the event's id for its course. */
  readonly id: string
  readonly name: string
  readonly distanceMeters: number
  readonly laps: number
  readonly totalMeters: number
  /** |total − target|. */
  readonly gapMeters: number
  /** From the athlete to the route's nearest point. */
  readonly approachMeters: number
  readonly startLatitude: number
  readonly startLongitude: number
}

const round = (n: number) => Math.round(n)

const suggestionOf = (
  candidate: { source: LocalRouteSuggestion["source"]; id: string; name: string; distanceMeters: number; points: ReadonlyArray<{ lat: number; lon: number }> },
  here: { lat: number; lon: number },
  target: number
): LocalRouteSuggestion | undefined => {
  if (candidate.distanceMeters <= 0 || candidate.points.length === 0) return undefined
  const approach = Math.min(...candidate.points.map((p) => haversineMeters(here, p)))
  if (approach > LocalRouteRadiusMeters) return undefined
  const laps = Math.max(1, Math.round(target / candidate.distanceMeters))
  const total = laps * candidate.distanceMeters
  return {
    source: candidate.source,
    id: candidate.id,
    name: candidate.name,
    distanceMeters: round(candidate.distanceMeters),
    laps,
    totalMeters: round(total),
    gapMeters: round(Math.abs(total - target)),
    approachMeters: round(approach),
    startLatitude: candidate.points[0]!.lat,
    startLongitude: candidate.points[0]!.lon
  }
}

export const suggestLocalRoutes = Effect.fn("hybridRace.localRoutes.suggest")(function*(eventId: string, request: LocalRouteRequest) {
  const event = yield* publicEvent(eventId)
  const here = { lat: request.latitude, lon: request.longitude }
  const routes = (yield* Effect.flatMap(RouteRepo, (r) => r.list({ isActive: true }))).filter((r) => OnFoot.has(r.sport))
  const course = yield* Effect.flatMap(EventCourseRepo, (r) => r.find(event.id))
  const candidates = [
    ...routes.map((r) => ({ source: "route" as const, id: r.id, name: r.name, distanceMeters: r.distanceMeters, points: r.points })),
    ...Option.match(course, {
      onNone: () => [],
      onSome: (c) => [{
        source: "event_course" as const,
        id: event.id,
        name: c.name,
        distanceMeters: c.distanceMeters,
        // The course file's track is not kept, only its ends: the athlete can join it at either.
        points: [{ lat: c.startLatitude, lon: c.startLongitude }, { lat: c.finishLatitude, lon: c.finishLongitude }]
      }]
    })
  ]
  const suggestions = candidates
    .map((c) => suggestionOf(c, here, request.targetDistanceMeters))
    .filter((s): s is LocalRouteSuggestion => s !== undefined)
    .sort((a, b) => a.gapMeters - b.gapMeters || a.approachMeters - b.approachMeters || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return {
    eventId: event.id,
    targetDistanceMeters: request.targetDistanceMeters,
    radiusMeters: LocalRouteRadiusMeters,
    items: suggestions.slice(0, request.limit ?? DefaultLocalRouteCount)
  }
})
