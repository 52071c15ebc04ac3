/** Handlers of the organizer brand groups: one use case each, on the tenancy guard's grant. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events, type Identity, type Payments } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

type BrandHandlerServices = EventHandlerServices | Events.BrandRepo | Payments.PaymentGateway | Payments.PaymentOrderRepo | Identity.SecureRandom

const granted = <A, E, R>(f: (grant: Events.OrganizerGrant) => Effect.Effect<A, E, R>) => Effect.flatMap(OrganizerAccess, f)

export const OrganizerBrandHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerBrand">, never, BrandHandlerServices> =
  apiGroup(EventsApi, "organizerBrand", (handlers) =>
    handlers
      .handle("getBrandPage", () => granted((g) => Events.brandPage(g.organizerId)))
      .handle("updateBrandPage", ({ payload }) => granted((g) => Events.updateBrandPage(g, payload)))
      .handle("getCascadeDefaults", () => granted((g) => Events.cascadeDefaults(g.organizerId)))
      .handle("updateCascadeDefaults", ({ payload }) => granted((g) => Events.updateCascadeDefaults(g, payload)))
      .handle("brandFollowers", ({ urlParams }) => granted((g) => Events.brandFollowers(g.organizerId, urlParams)))
      .handle("exportBrandFollowers", () => granted((g) => Events.exportFollowersCsv(g)))
      .handle("listPrepPrograms", ({ urlParams }) => granted((g) => Events.listPrepPrograms(g.organizerId, urlParams)))
      .handle("createPrepProgram", ({ payload }) => granted((g) => Events.createPrepProgram(g, payload)))
      .handle("getPrepProgram", ({ path }) => granted((g) => Events.ownedPrepProgram(g, path.id)))
      .handle("updatePrepProgram", ({ path, payload }) => granted((g) => Events.updatePrepProgram(g, path.id, payload)))
      .handle("assignPrepProgram", ({ path, payload }) => granted((g) => Events.assignPrepProgram(g, path.id, payload.userIds)))
      .handle("setPrepWeeklyPlan", ({ path, payload }) =>
        granted((g) =>
          Events.setWeeklyPlan(g, path.id, payload.weeks.map((w) => ({
            ...w,
            sessions: w.sessions.map((s) => ({ ...s, durationMinutes: s.durationMinutes ?? null, notes: s.notes ?? null }))
          })))
        ))
      .handle("saasPlans", () => Events.saasPlans)
      .handle("mySaas", () => granted((g) => Events.mySaasSubscription(g.organizerId)))
      .handle("subscribeSaas", ({ payload }) => granted((g) => Events.subscribeSaas(g, payload.planId)))
      .handle("cancelSaas", () => granted((g) => Events.cancelSaas(g))))

export const PublicBrandHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "publicBrand">, never, BrandHandlerServices> =
  apiGroup(EventsApi, "publicBrand", (handlers) =>
    handlers.handle("organizationPrepPrograms", ({ path, urlParams }) => Events.publicPrepPrograms(path.orgId, urlParams)))

export const BrandHandlers = [OrganizerBrandHandlers, PublicBrandHandlers] as const
