/** Handlers of the admin's routes: one use case each. */
import { TrainingApi } from "@podium/contracts/training"
import { Training } from "@podium/core"
import { apiGroup } from "../serving/served-groups.js"
import type { GroupHandlers } from "./calendar.handlers.js"

export const AdminRoutesHandlers: GroupHandlers<"adminRoutes"> = apiGroup(TrainingApi, "adminRoutes", (handlers) =>
  handlers
    .handle("adminRoutes", ({ urlParams }) =>
      Training.listRoutes({ q: urlParams.q, sport: urlParams.sport, isActive: urlParams.active === undefined ? undefined : urlParams.active === "true" }))
    .handle("createRoute", ({ payload }) => Training.createRoute(payload))
    .handle("updateRoute", ({ path, payload }) => Training.updateRoute(path.id, payload))
    .handle("deleteRoute", ({ path }) => Training.deleteRoute(path.id))
    .handle("setRouteActive", ({ path, payload }) => Training.setRouteActive(path.id, payload.isActive)))
