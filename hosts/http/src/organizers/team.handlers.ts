/** Handlers of the Organizer team group (portal routes act for the organizer the tenancy guard granted). */
import { type HttpApiGroup } from "@effect/platform"
import { BadRequest, CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import { membershipView } from "./organizers.handlers.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerTeamHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerTeam">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerTeam", (handlers) =>
    handlers
      .handle("listTeam", () =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.listTeam(access)
        }))
      .handle("teamActivity", ({ urlParams }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          const page = yield* Organizers.teamActivity(access, { limit: urlParams.limit ?? 20, before: urlParams.before })
          return {
            items: page.items.map((e) => ({
              seq: e.seq,
              action: e.action,
              actorKind: e.actorKind,
              actorId: e.actorId,
              reason: e.reason,
              data: e.data,
              occurredAt: e.occurredAt
            })),
            nextBefore: page.nextBefore
          }
        }))
      .handle("inviteTeamMember", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          if (payload.phoneNumber === undefined && payload.email === undefined) {
            return yield* new BadRequest({ message: "phoneNumber or email is required" })
          }
          return yield* Organizers.inviteMember(access.principal, access, {
            phoneNumber: payload.phoneNumber ?? null,
            email: payload.email ?? null,
            name: payload.name ?? null,
            role: payload.role
          })
        }))
      .handle("updateTeamMember", ({ path, payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.changeMemberRole(access.principal, access, path.id, payload.role)
        }))
      .handle("revokeTeamMember", ({ path }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.revokeMember(access.principal, access, path.id)
        }))
      .handle("myOrganizerInvitations", () =>
        Effect.gen(function*() {
          return (yield* Organizers.myMemberships(yield* CurrentPrincipal)).map(membershipView)
        }))
      .handle("acceptOrganizerMembership", ({ path }) =>
        Effect.gen(function*() {
          return yield* Organizers.acceptMembership(yield* CurrentPrincipal, path.id)
        })))
