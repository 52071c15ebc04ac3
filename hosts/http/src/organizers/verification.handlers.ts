/** Handlers of the Organizer verification group (admin, organizers.review). */
import { type HttpApiGroup } from "@effect/platform"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import { kycView } from "./kyc.handlers.js"
import { organizerView } from "./organizer.view.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerVerificationHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerVerification">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerVerification", (handlers) =>
    handlers
      .handle("listOrganizerVerification", ({ urlParams }) =>
        Effect.gen(function*() {
          const { page, rows } = yield* Organizers.verificationQueue({
            status: urlParams.state ?? "PENDING",
            page: urlParams.page ?? 1,
            limit: urlParams.limit ?? 20
          })
          return {
            ...page,
            data: rows.map(({ organizer: o, kyc, partnerATag }) => ({
              id: o.id!,
              organizerId: o.id!,
              name: o.name!,
              approvalStatus: o.approvalStatus!,
              reviewReason: o.reviewReason ?? null,
              partnerATag,
              kyc: kyc === null ? null : { id: kyc.id, status: kyc.status },
              createdAt: o.createdAt!
            }))
          }
        }))
      .handle("getOrganizerVerification", ({ path }) =>
        Effect.gen(function*() {
          const record = yield* Organizers.verificationRecord(path.id)
          return {
            organizer: yield* organizerView(record.organizer),
            kyc: record.kyc === null ? null : yield* kycView(record.kyc, true),
            partnerATag: record.partnerATag
          }
        }))
      .handle("approveOrganizerVerification", ({ path }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* organizerView(yield* Organizers.approveOrganizerVerification(me, path.id))
        }))
      .handle("rejectOrganizerVerification", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* organizerView(yield* Organizers.rejectOrganizerVerification(me, path.id, payload.reason))
        }))
      .handle("setOrganizerPartnerATag", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Organizers.setPartnerATag(me, path.id, payload.enabled)
        }))
  )
