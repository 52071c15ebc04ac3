/** Handlers of the organizer shipping group: the pickup address registered with the shipping provider. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerShippingHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerShipping">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerShipping", (handlers) =>
    handlers
      .handle("getPickupAddress", () =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          // The record is the wire view; encoding leaves out its createdAt, which the DTO does not list.
          return Option.getOrNull(yield* Organizers.getPickupAddress(access))
        }))
      .handle("registerPickupAddress", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.registerPickupAddress(access.principal, access, {
            locationName: payload.locationName ?? null,
            contactName: payload.contactName.trim(),
            phone: payload.phone,
            email: payload.email ?? null,
            addressLine1: payload.addressLine1.trim(),
            addressLine2: payload.addressLine2 === undefined || payload.addressLine2.trim() === "" ? null : payload.addressLine2.trim(),
            city: payload.city.trim(),
            state: payload.state.trim(),
            pincode: payload.pincode
          })
        })))
