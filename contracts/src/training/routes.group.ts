/** B "Routes": curated routes kept by admins holding `training.manage` (listed with inactive ones, soft-deleted, toggled active). */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, inputOf, OneOf, Optional, Query, Sport, StrLength, TrainingRoute, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, DeleteResult, op, Requires } from "../common/index.js"

const IdPath = Schema.Struct({ id: UuidStr })
const routeFields = ["description", "sport", "city", "difficulty", "elevationGainMeters"] as const
export const CreateRouteBody = inputOf(TrainingRoute, { required: ["name", "points"], optional: routeFields })
export const UpdateRouteBody = inputOf(TrainingRoute, { required: [], optional: ["name", "points", ...routeFields] })
/** Without `isActive` the route flips; with it, it is set. */
export const RouteActiveBody = Body({ isActive: Optional(Bool) })
export const RoutesQuery = Query({ q: Optional(StrLength(1, 100)), sport: Optional(Sport), active: Optional(OneOf("true", "false")) })

export class AdminRoutesGroup extends HttpApiGroup.make("adminRoutes")
  .add(op.get("adminRoutes", "/v2/admin/routes", { query: RoutesQuery, ok: Schema.Array(TrainingRoute), summary: "Routes by name, inactive ones included (q, sport, active)" }))
  .add(op.post("createRoute", "/v2/admin/routes", { body: CreateRouteBody, ok: TrainingRoute, status: 201, summary: "Create a route; its distance is measured along its points" }))
  .add(op.patch("updateRoute", "/v2/admin/routes/:id", { path: IdPath, body: UpdateRouteBody, ok: TrainingRoute, summary: "Change a route: only the fields present are written (new points re-measure the distance)" }))
  .add(op.del("deleteRoute", "/v2/admin/routes/:id", { path: IdPath, ok: DeleteResult, summary: "Soft-delete a route" }))
  .add(op.patch("setRouteActive", "/v2/admin/routes/:id/active", { path: IdPath, body: RouteActiveBody, ok: TrainingRoute, summary: "Active toggle: flips the route, or sets `isActive`" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("training.manage"))
  .annotate(OpenApi.Title, "Admin: routes")
  .annotate(OpenApi.Description, "Curated routes")
{}
